import { describe, expect, it } from 'vitest';
import { dinerChoiceIssues, dinerIssues } from './choices.ts';
import { chosenDish, NO_DISH, openCourses, withDefaults } from './rules.ts';
import { type Occasion, occasionDishSchema } from './schema.ts';

const dish = (id: string) => ({
  id,
  name: id,
  description: '',
  allergens: { declared: true as const, contains: [] },
  supplementPence: 0,
});
const menu = {
  courses: [
    {
      id: 'starter',
      name: 'Starter',
      optional: false,
      dishes: [dish('soup'), dish('terrine')],
      defaultDishId: 'soup',
    },
    {
      id: 'main',
      name: 'Main',
      optional: false,
      dishes: [dish('turkey'), dish('beef')],
      defaultDishId: 'turkey',
    },
  ],
} as Pick<Occasion, 'courses'>;

/** The same menu with a dessert diners may go without. */
const withDessert = {
  courses: [
    ...menu.courses,
    {
      id: 'dessert',
      name: 'Dessert',
      optional: true,
      dishes: [dish('pudding'), dish('posset')],
      defaultDishId: 'pudding',
    },
  ],
} as Occasion;

describe('one diner’s choices', () => {
  it('accepts one dish of each course', () => {
    expect(dinerChoiceIssues(menu, { starter: 'terrine', main: 'beef' })).toEqual([]);
  });

  it('asks for a course left out', () => {
    expect(dinerChoiceIssues(menu, { starter: 'soup' })).toEqual([
      { path: 'choices.main', message: 'Please choose a main.' },
    ]);
  });

  it('refuses a dish of another course, and a course the menu does not have', () => {
    expect(dinerChoiceIssues(menu, { starter: 'beef', main: 'turkey', pudding: 'trifle' })).toEqual([
      { path: 'choices.starter', message: 'Please choose a starter from the menu.' },
      { path: 'choices.pudding', message: 'The choices name a course this menu does not have.' },
    ]);
  });

  it('lets a diner go without an optional course, and refuses it for a required one at that course', () => {
    expect(dinerChoiceIssues(withDessert, { starter: 'soup', main: 'beef', dessert: NO_DISH })).toEqual([]);
    expect(dinerChoiceIssues(withDessert, { starter: NO_DISH, main: 'beef', dessert: 'posset' })).toEqual([
      { path: 'choices.starter', message: 'Every diner has a starter: please choose one.' },
    ]);
    expect(dinerChoiceIssues(withDessert, { starter: 'soup', main: 'beef' })).toEqual([
      { path: 'choices.dessert', message: 'Please choose a dessert, or none.' },
    ]);
  });

  it('counts going without as an answer: no dish, no default, the course not open', () => {
    const [, , dessert] = withDessert.courses;
    const choices = { starter: 'soup', main: 'beef', dessert: NO_DISH };
    expect(dessert && chosenDish(dessert, choices)).toBeUndefined();
    expect(openCourses(withDessert, choices)).toEqual([]);
    expect(withDefaults(withDessert, choices)).toEqual(choices);
    expect(withDefaults(withDessert, { main: 'beef' })).toEqual({
      starter: 'soup',
      main: 'beef',
      dessert: 'pudding',
    });
    // A required course answered "none" (the course was made required since) is still open: it gets its default.
    expect(withDefaults(withDessert, { ...choices, starter: NO_DISH }).starter).toBe('soup');
  });

  it('keeps the word for going without out of the dishes’ ids', () => {
    const issue = occasionDishSchema.safeParse(dish(NO_DISH)).error?.issues[0];
    expect(issue).toMatchObject({
      path: ['id'],
      message: 'is the word kept for a diner who goes without the course',
    });
    expect(occasionDishSchema.safeParse(dish('nonesuch-tart')).success).toBe(true);
  });

  it('needs a name, and an e-mail only when one is given', () => {
    const choices = { starter: 'soup', main: 'turkey' };
    expect(dinerIssues(menu, { name: 'Ann', email: '', choices })).toEqual([]);
    expect(dinerIssues(menu, { name: ' ', email: 'not-an-address', choices }).map((i) => i.path)).toEqual([
      'name',
      'email',
    ]);
  });
});
