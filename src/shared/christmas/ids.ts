/** The two sittings of Christmas Day, by id. */
export const SITTING_IDS = ['xmas-early', 'xmas-late'] as const;
export type SittingId = (typeof SITTING_IDS)[number];

/** The three courses of the pre-order, in the order they are served. */
export const COURSES = ['starters', 'mains', 'desserts'] as const;
export type Course = (typeof COURSES)[number];

/** The supplement dish: the last dessert of the menu (checked by the content schema). */
export const CHEESE_BOARD_ID = 'cheese-board';
