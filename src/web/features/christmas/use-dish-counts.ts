import { useState } from 'react';
import { type DishCounts, NO_DISHES } from '#shared/christmas/courses.ts';
import type { Course } from '#shared/christmas/ids.ts';

/** A Christmas form's dish counters: how many of each dish, never below 0; `onChange` hears of every change. */
export function useDishCounts(onChange: () => void) {
  const [counts, setCounts] = useState<DishCounts>(NO_DISHES);
  function setCount(course: Course, item: string, count: number) {
    setCounts((current) => ({ ...current, [course]: { ...current[course], [item]: Math.max(0, count) } }));
    onChange();
  }
  return { counts, setCount, setCounts, clearCounts: () => setCounts(NO_DISHES) };
}
