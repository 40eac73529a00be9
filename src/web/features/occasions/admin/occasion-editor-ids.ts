import { useFormContext } from 'react-hook-form';
import { NOT_DECLARED } from '#shared/content/allergens.ts';
import { RESERVED_OCCASION_SLUGS } from '#shared/occasions/links.ts';
import type { Occasion, OccasionDish, OccasionsDocument } from '#shared/occasions/schema.ts';
import { idFromName } from '#web/features/tables/admin/row-ids.ts';

/**
 * The ids of an occasion: its slug, its sittings', courses' and dishes'. Bookings and pre-orders point at them,
 * so a saved one never changes; a new one is made from its name, and follows the name until it is saved.
 */

/** The occasions as last saved (or restored). */
export function useSavedOccasions(): Occasion[] {
  const { formState } = useFormContext<OccasionsDocument>();
  return (formState.defaultValues as OccasionsDocument | undefined)?.occasions ?? [];
}

/** The occasion as last saved, found by its slug, which never changes once saved; undefined for a new one. */
export function useSavedOccasion(slug: string): Occasion | undefined {
  return useSavedOccasions().find((occasion) => occasion.slug === slug);
}

/** The slug the site would give an occasion called `name`: "Christmas party nights" → "christmas-party-nights". */
export function suggestedSlug(name: string, taken: Iterable<string>): string {
  return idFromName(name, 'occasion', new Set([...taken, ...RESERVED_OCCASION_SLUGS]));
}

/**
 * An id made from a name that follows the name while it is still the one made from it (or blank), and stays
 * as typed once staff type their own.
 */
export function followingId(current: string, before: string, after: string, make: (name: string) => string) {
  return current === '' || current === make(before) ? make(after) : current;
}

/** Every dish id of an occasion, across its courses. */
export const dishIdsOf = (occasion: Occasion | undefined): string[] =>
  (occasion?.courses ?? []).flatMap((course) => course.dishes.map((dish) => dish.id));

/** A dish as first added: nameless, its allergens not declared until staff tick them, no supplement. */
export function newDish(id: string): OccasionDish {
  return { id, name: '', description: '', allergens: NOT_DECLARED, supplementPence: 0 };
}

/**
 * An occasion as first added: a draft (not published) on one date to choose, one dinner sitting of 40, no
 * courses yet (a ticketed event until some are added), nothing paid online, parties of 1 to 8. Its adult price
 * is left for staff to type.
 */
export function newOccasion(slug: string): Occasion {
  return {
    slug,
    name: '',
    summary: '',
    description: '',
    terms: '',
    published: false,
    featured: false,
    dates: { kind: 'dates', dates: [''] },
    sittings: [{ id: 'dinner', label: 'Dinner', start: '19:00', end: '22:30', seats: 40 }],
    courses: [],
    prices: { childPence: null } as Occasion['prices'],
    payment: { kind: 'none' },
    party: { minOnline: 1, maxOnline: 8 },
    preOrderDaysBefore: 7,
    refundDaysBefore: 7,
  };
}
