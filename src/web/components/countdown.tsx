import { useEffect, useState } from 'react';
import { COUNTDOWN_TICK_MS, countdownParts } from '#shared/time/countdown.ts';

const UNITS = [
  ['days', 'Days'],
  ['hours', 'Hours'],
  ['minutes', 'Minutes'],
  ['seconds', 'Seconds'],
] as const;

/** A live countdown to `target`, ticking every second and stopping at zero. */
export function Countdown({
  target,
  label,
  tone = 'light',
}: {
  target: Date;
  label?: string;
  tone?: 'light' | 'dark';
}) {
  const targetMs = target.getTime();
  const [now, setNow] = useState(() => Date.now());
  const parts = countdownParts(targetMs, now);

  useEffect(() => {
    if (parts.done) return;
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [parts.done]);

  const box =
    tone === 'dark'
      ? 'bg-green-950/60 text-cream-50 ring-1 ring-brass-500/40'
      : 'bg-white text-green-900 ring-1 ring-cream-200';
  const unitLabel = tone === 'dark' ? 'text-brass-300' : 'text-ink-soft';

  return (
    <div role="timer" aria-live="off" aria-label={label ?? 'Countdown'}>
      {label ? <p className={`eyebrow ${tone === 'dark' ? 'text-brass-300' : ''}`}>{label}</p> : null}
      {parts.done ? (
        <p className="mt-2 font-serif text-2xl">Happening now</p>
      ) : (
        <ol className="mt-2 grid max-w-sm grid-cols-4 gap-2">
          {UNITS.map(([unit, name]) => (
            <li key={unit} className={`rounded-xl px-2 py-3 text-center ${box}`}>
              {/* The server's second is not the browser's: the next tick corrects it. */}
              <span
                className="block font-serif text-2xl tabular-nums sm:text-3xl"
                data-unit={unit}
                suppressHydrationWarning
              >
                {String(parts[unit]).padStart(2, '0')}
              </span>
              <span className={`block text-[0.7rem] font-semibold tracking-widest uppercase ${unitLabel}`}>
                {name}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
