/**
 * An e-mail waiting in the outbox (PENDING), delivered (SENT), or given up after every retry (FAILED:
 * staff see it in the admin and may send it again).
 */
export const OUTBOX_STATUSES = ['PENDING', 'SENT', 'FAILED'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
