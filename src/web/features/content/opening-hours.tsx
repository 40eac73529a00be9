import type { HoursRow } from '#shared/content/schemas.ts';
import { formatHoursRange, specialDateHours, upcomingSpecialDates } from '#shared/content/venue.ts';
import { formatLongDate, londonToday } from '#shared/time/london-time.ts';
import { useVenue } from './site-content.tsx';

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

/** Bar and kitchen hours and the special dates coming up, from the venue document: footer and contact page alike. */
export function OpeningHours({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const venue = useVenue();
  const specialDates = upcomingSpecialDates(venue.specialDates, londonToday());
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
      {specialDates.length > 0 && (
        <div>
          <h3 className={headingClass}>Special dates</h3>
          <dl className="mt-2 text-[0.95rem]">
            {specialDates.map((day) => (
              <div key={day.date} className="flex justify-between gap-4 py-1">
                <dt>
                  {day.label} <span className={`block text-sm ${noteClass}`}>{formatLongDate(day.date)}</span>
                </dt>
                <dd className="whitespace-nowrap tabular-nums">{specialDateHours(day)}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </div>
  );
}
