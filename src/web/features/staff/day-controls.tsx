import { addDays, formatLongDate, isRealIsoDate } from '#shared/time/london-time.ts';
import { Chevron } from '#web/components/chevron.tsx';

/** A day screen's heading: its title, and the day it shows (marked when it is today). */
export function DayHeading({ title, date, today }: { title: string; date: string; today: string }) {
  return (
    <div>
      <h1 className="font-serif text-3xl sm:text-4xl">{title}</h1>
      <p className="mt-1 text-lg text-green-800">
        {formatLongDate(date)}
        {date === today ? (
          <span className="ml-2 text-sm font-semibold text-brass-700 uppercase">Today</span>
        ) : null}
      </p>
    </div>
  );
}

/** A staff screen's small bordered button: the day arrows, Today, Refresh, an export. */
export const toolButton =
  'inline-flex h-11 items-center justify-center rounded-lg border border-cream-300 bg-white px-3 text-sm font-semibold text-green-900 transition-colors hover:border-green-700 hover:bg-cream-100 disabled:cursor-default disabled:opacity-50 disabled:hover:border-cream-300 disabled:hover:bg-white sm:h-10';

const smallLabel = 'mb-1 block text-xs font-semibold tracking-wide text-ink-soft uppercase';

/** The day a staff screen shows: previous, next, today, or any date typed. */
export function DayPicker({
  id,
  date,
  today,
  onDate,
}: {
  id: string;
  date: string;
  today: string;
  onDate: (date: string) => void;
}) {
  return (
    <div className="w-full sm:w-auto">
      <label htmlFor={id} className={smallLabel}>
        Day
      </label>
      <div className="flex items-center gap-1.5">
        <button
          type="button"
          className={toolButton}
          aria-label="Previous day"
          onClick={() => onDate(addDays(date, -1))}
        >
          <Chevron direction="left" />
        </button>
        <input
          id={id}
          type="date"
          value={date}
          onChange={(event) => {
            if (isRealIsoDate(event.target.value)) onDate(event.target.value);
          }}
          className="h-11 min-w-0 flex-1 rounded-lg border border-cream-300 bg-white px-2.5 text-sm text-ink focus:border-brass-500 sm:h-10 sm:flex-none focus:outline-none focus-visible:outline-3 focus-visible:outline-brass-500"
        />
        <button
          type="button"
          className={toolButton}
          aria-label="Next day"
          onClick={() => onDate(addDays(date, 1))}
        >
          <Chevron direction="right" />
        </button>
        <button type="button" className={toolButton} onClick={() => onDate(today)} disabled={date === today}>
          Today
        </button>
      </div>
    </div>
  );
}

/** One of a few choices as joined buttons (a radio group): the service a staff screen shows. */
export function SegmentedChoice<Value extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
}) {
  return (
    <fieldset>
      <legend className={smallLabel}>{legend}</legend>
      <div className="flex rounded-lg border border-cream-300 bg-white p-0.5">
        {options.map((option) => (
          <label key={option.value} className="relative">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="peer sr-only"
            />
            <span className="inline-flex h-10 cursor-pointer items-center rounded-md px-3.5 text-sm font-semibold text-green-900 transition-colors peer-checked:bg-green-800 peer-checked:text-cream-50 peer-focus-visible:outline-3 peer-focus-visible:outline-brass-500 hover:bg-cream-100 peer-checked:hover:bg-green-800 sm:h-9">
              {option.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
