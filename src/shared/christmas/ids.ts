/**
 * Christmas Day's bookings are occasion bookings of this slug (decision 049), kept apart from the occasions
 * managers create: no occasion may take it, and the occasions' own readers leave its rows to Christmas.
 */
export const CHRISTMAS_OCCASION_SLUG = 'christmas-day';
export const CHRISTMAS_OCCASION_NAME = 'Christmas Day';

/** The two sittings of Christmas Day, by id. */
export const SITTING_IDS = ['xmas-early', 'xmas-late'] as const;
export type SittingId = (typeof SITTING_IDS)[number];

/** The three courses of the pre-order, in the order they are served. */
export const COURSES = ['starters', 'mains', 'desserts'] as const;
export type Course = (typeof COURSES)[number];

/** The supplement dish: the last dessert of the menu (checked by the content schema). */
export const CHEESE_BOARD_ID = 'cheese-board';
