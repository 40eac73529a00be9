import { BOOKING_MESSAGES, SIMPLE_EMAIL_PATTERN } from '../booking/validation.ts';
import type { FieldIssue } from '../schema/issues.ts';
import { PRE_ORDER_MESSAGES } from './pre-order-messages.ts';
import { type DinerChoices, NO_DISH } from './rules.ts';
import type { Occasion } from './schema.ts';

/**
 * One diner's choices checked against the occasion's menu (issue 30): one dish of each course, and that dish of
 * that course; for an optional course (a starter, a dessert) `NO_DISH` instead, going without it. The server refuses with these issues and the forms show them beside each course, so the
 * path of an issue is `choices.<course id>`. No zod here: the browser imports it.
 */
export function dinerChoiceIssues(occasion: Pick<Occasion, 'courses'>, choices: DinerChoices): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const course of occasion.courses) {
    const dishId = choices[course.id];
    const path = `choices.${course.id}`;
    if (!dishId) {
      const message = course.optional ? PRE_ORDER_MESSAGES.courseOrNone : PRE_ORDER_MESSAGES.courseMissing;
      issues.push({ path, message: message(course.name) });
    } else if (dishId === NO_DISH) {
      if (!course.optional) issues.push({ path, message: PRE_ORDER_MESSAGES.courseRequired(course.name) });
    } else if (!course.dishes.some((dish) => dish.id === dishId)) {
      issues.push({ path, message: PRE_ORDER_MESSAGES.notOfCourse(course.name) });
    }
  }
  const courseIds = new Set(occasion.courses.map((course) => course.id));
  for (const courseId of Object.keys(choices)) {
    if (!courseIds.has(courseId)) {
      issues.push({ path: `choices.${courseId}`, message: PRE_ORDER_MESSAGES.unknownCourse });
    }
  }
  return issues;
}

/** A diner as the forms send them: a name, an e-mail only if they want the reminder, and their choices. */
export function dinerIssues(
  occasion: Pick<Occasion, 'courses'>,
  diner: { name: string; email: string; choices: DinerChoices },
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (diner.name.trim() === '') issues.push({ path: 'name', message: PRE_ORDER_MESSAGES.nameNeeded });
  const email = diner.email.trim();
  if (email !== '' && !SIMPLE_EMAIL_PATTERN.test(email)) {
    issues.push({ path: 'email', message: BOOKING_MESSAGES.email });
  }
  return [...issues, ...dinerChoiceIssues(occasion, diner.choices)];
}
