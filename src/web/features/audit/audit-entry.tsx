import { AUDIT_TYPE_LABELS } from '#shared/audit/labels.ts';
import type { AuditEntry } from '#shared/audit/types.ts';
import { formatLondonMoment } from '#shared/time/staff-dates.ts';

/** A field's recorded value in words: "—" for none; a dish list or other structure as compact JSON. */
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return JSON.stringify(value);
}

/** "partyAdults" → "party adults". */
function fieldLabel(field: string): string {
  return field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** One entry of the trail: when, who, what, and each field's before → after. */
export function AuditEntryItem({ entry }: { entry: AuditEntry }) {
  const changes = Object.entries(entry.changes ?? {});
  return (
    <li className="py-3">
      <p className="text-sm text-ink-soft">
        <time dateTime={entry.at}>{formatLondonMoment(entry.at)}</time>
      </p>
      <p className="mt-0.5">
        <span className="font-semibold text-green-900">{entry.actorName}</span>
        {' · '}
        {AUDIT_TYPE_LABELS[entry.type]}
      </p>
      <p className="mt-0.5 break-words">{entry.summary}</p>
      {changes.length > 0 ? (
        <ul className="mt-1 space-y-0.5 text-sm" aria-label="Changes">
          {changes.map(([field, { before, after }]) => (
            <li key={field} className="break-words">
              <span className="font-semibold">{fieldLabel(field)}:</span> {valueText(before)} →{' '}
              {valueText(after)}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
