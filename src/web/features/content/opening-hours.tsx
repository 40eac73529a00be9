import type { HoursRow } from '../../../shared/content/schemas.ts';
import { formatHoursRange, venue } from '../../../shared/content/venue.ts';

function HoursList({ rows, className }: { rows: HoursRow[]; className: string }) {
  return (
    <dl className={className}>
      {rows.map((row) => (
        <div key={`${row.days}-${row.opens}`} className="flex justify-between gap-4 py-1">
          <dt>{row.label ? `${row.days} · ${row.label}` : row.days}</dt>
          <dd className="whitespace-nowrap tabular-nums">{formatHoursRange(row)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Bar and kitchen hours from content/venue.json: the footer and the contact page show the same. */
export function OpeningHours({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const headingClass =
    tone === 'dark' ? 'font-serif text-lg text-brass-300' : 'font-serif text-lg text-green-900';
  const noteClass = tone === 'dark' ? 'text-cream-200' : 'text-ink-soft';
  return (
    <div className="space-y-5">
      <div>
        <h3 className={headingClass}>Opening hours</h3>
        <HoursList rows={venue.openingHours} className="mt-2 text-[0.95rem]" />
      </div>
      <div>
        <h3 className={headingClass}>Kitchen</h3>
        <HoursList rows={venue.kitchenHours} className="mt-2 text-[0.95rem]" />
        <p className={`mt-2 text-sm ${noteClass}`}>{venue.kitchenNote}</p>
      </div>
    </div>
  );
}
