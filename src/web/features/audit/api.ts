import type { AuditPage, AuditQueryInput } from '#shared/audit/query.ts';
import type { AuditEntry } from '#shared/audit/types.ts';
import { call } from '#web/lib/api.ts';

/** The audit trail's calls; each goes through the one API client, `call` in web/lib/api.ts. */
export function auditEntries(query: AuditQueryInput) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return call<AuditPage>('GET', `/api/admin/audit${params.size > 0 ? `?${params}` : ''}`);
}

/** A table booking's history, newest first (managers and owners). */
export const bookingHistory = (id: string) =>
  call<AuditEntry[]>('GET', `/api/admin/bookings/${encodeURIComponent(id)}/history`);
