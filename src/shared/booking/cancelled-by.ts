/** Who cancelled a table booking (issue 18): the day view shows a guest's own cancellation as such. */
export const CANCELLED_BY = ['guest', 'staff'] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];
