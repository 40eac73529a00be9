import { describe, expect, it } from 'vitest';
import { dinerChoiceIssues, dinerIssues } from './choices.ts';
import type { Occasion } from './schema.ts';

const dish = (id: string) => ({
  id,
  name: id,
  description: '',
  allergens: { declared: true as const, contains: [] },
  supplementPence: 0,
});
const menu = {
  courses: [
    { id: 'starter', name: 'Starter', dishes: [dish('soup'), dish('terrine')], defaultDishId: 'soup' },
    { id: 'main', name: 'Main', dishes: [dish('turkey'), dish('beef')], defaultDishId: 'turkey' },
  ],
} as Pick<Occasion, 'courses'>;

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

  it('needs a name, and an e-mail only when one is given', () => {
    const choices = { starter: 'soup', main: 'turkey' };
    expect(dinerIssues(menu, { name: 'Ann', email: '', choices })).toEqual([]);
    expect(dinerIssues(menu, { name: ' ', email: 'not-an-address', choices }).map((i) => i.path)).toEqual([
      'name',
      'email',
    ]);
  });
});
