/** Who made a change, as the audit trail records it (issue 19). */
export const AUDIT_ACTOR_KINDS = ['staff', 'guest', 'system'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];
