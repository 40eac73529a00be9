import { describe, expect, it } from 'vitest';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { occasionsDocumentSchema } from '../occasions/schema.ts';
import { CHRISTMAS_SHAPE_MESSAGES, christmasDayOccasionIn, christmasDayShapeIssues } from './occasion.ts';

const christmasDay = christmasDayOccasionIn(seedContent.occasions.occasions);
type ChristmasOccasion = typeof christmasDay;

const courseWith = (index: number, change: (course: ChristmasOccasion['courses'][number]) => object) =>
  christmasDay.courses.map((course, at) => (at === index ? { ...course, ...change(course) } : course));

describe('Christmas Day’s entry among the occasions', () => {
  it('fits its shape as seeded', () => {
    expect(christmasDayShapeIssues(christmasDay)).toEqual([]);
  });

  it.each<[string, Partial<ChristmasOccasion>, { path: (string | number)[]; message: string }]>([
    [
      'a date not 25 December',
      { dates: { kind: 'dates', dates: ['2026-12-24'] } },
      { path: ['dates'], message: CHRISTMAS_SHAPE_MESSAGES.date },
    ],
    [
      'two dates',
      { dates: { kind: 'dates', dates: ['2026-12-25', '2027-12-25'] } },
      { path: ['dates'], message: CHRISTMAS_SHAPE_MESSAGES.date },
    ],
    [
      'a fourth course',
      { courses: [...christmasDay.courses, christmasDay.courses[0] as never] },
      { path: ['courses'], message: CHRISTMAS_SHAPE_MESSAGES.courses },
    ],
    [
      'mains a guest may go without',
      { courses: courseWith(1, () => ({ optional: true })) as never },
      { path: ['courses', 1, 'dishes'], message: CHRISTMAS_SHAPE_MESSAGES.mains },
    ],
    [
      'a sixth starter',
      {
        courses: courseWith(0, (course) => ({
          dishes: [...course.dishes, { ...course.dishes[0], id: 'more' }],
        })) as never,
      },
      { path: ['courses', 0, 'dishes'], message: CHRISTMAS_SHAPE_MESSAGES.starters },
    ],
    [
      'the cheese board not last',
      { courses: courseWith(2, (course) => ({ dishes: [...course.dishes].reverse() })) as never },
      { path: ['courses', 2, 'dishes'], message: CHRISTMAS_SHAPE_MESSAGES.desserts },
    ],
    [
      'no children',
      { prices: { adultPence: 9500, childPence: null } },
      { path: ['prices', 'childPence'], message: CHRISTMAS_SHAPE_MESSAGES.children },
    ],
    [
      'the full price up front',
      { payment: { kind: 'full' } },
      { path: ['payment'], message: CHRISTMAS_SHAPE_MESSAGES.payment },
    ],
    [
      'parties of 20 online',
      { party: { minOnline: 1, maxOnline: 20 } },
      { path: ['party', 'maxOnline'], message: CHRISTMAS_SHAPE_MESSAGES.party },
    ],
    [
      'orders online on the day',
      { preOrderDaysBefore: 0 },
      { path: ['preOrderDaysBefore'], message: CHRISTMAS_SHAPE_MESSAGES.cutoff },
    ],
  ])('is refused with %s, on that field', (_case, change, issue) => {
    const changed = { ...christmasDay, ...change } as ChristmasOccasion;
    expect(christmasDayShapeIssues(changed)).toEqual([issue]);
    const document = {
      occasions: seedContent.occasions.occasions.map((occasion) =>
        occasion === christmasDay ? changed : occasion,
      ),
    };
    const index = document.occasions.indexOf(changed);
    expect(occasionsDocumentSchema.safeParse(document).error?.issues).toContainEqual(
      expect.objectContaining({ path: ['occasions', index, ...issue.path], message: issue.message }),
    );
  });

  it('keeps its slug to itself: a second occasion of that slug is refused', () => {
    const document = {
      occasions: [...seedContent.occasions.occasions, { ...christmasDay, featured: false }],
    };
    expect(occasionsDocumentSchema.safeParse(document).success).toBe(false);
  });
});
