/**
 * A party in tonight's walk-in queue (issue 31): WAITING at the bar, NOTIFIED that their table is ready,
 * SEATED from the queue (a walk-in booking), or REMOVED (they left, or staff took them off).
 */
export const QUEUE_STATUSES = ['WAITING', 'NOTIFIED', 'SEATED', 'REMOVED'] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

export const QUEUE_STATUS_LABELS: Record<QueueStatus, string> = {
  WAITING: 'Waiting',
  NOTIFIED: 'Told table ready',
  SEATED: 'Seated',
  REMOVED: 'Removed',
};

/** Parties still in the queue: waiting, or told their table is ready and not yet seated. */
export const QUEUED_STATUSES = ['WAITING', 'NOTIFIED'] as const satisfies readonly QueueStatus[];
