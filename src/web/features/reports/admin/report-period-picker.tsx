import { type FormEvent, useId, useState } from 'react';
import { REPORT_COMPARISONS, REPORT_SERVICES } from '#shared/reports/api.ts';
import { REPORT_SERVICE_LABELS } from '#shared/reports/messages.ts';
import { reportPeriodProblem } from '#shared/reports/period.ts';
import { isRealIsoDate } from '#shared/time/london-time.ts';
import { Chevron } from '#web/components/chevron.tsx';
import { SegmentedChoice, toolButton } from '#web/features/staff/day-controls.tsx';
import { PERIOD_KINDS, periodAround, type ReportChoice, steppedChoice, withKind } from './report-choice.ts';
import { REPORT_SCREEN_WORDS } from './report-words.ts';

const words = REPORT_SCREEN_WORDS;
const smallLabel = 'mb-1 block text-xs font-semibold tracking-wide text-ink-soft uppercase';
const dateInput =
  'h-11 w-full rounded-lg border border-cream-300 bg-white px-2.5 text-sm text-ink focus:border-brass-500 sm:h-10 sm:w-auto focus:outline-none focus-visible:outline-3 focus-visible:outline-brass-500';

/** A range's two days, checked by the server's own rule before they go into the address. */
function RangeForm({ choice, onChoose }: { choice: ReportChoice; onChoose: (choice: ReportChoice) => void }) {
  const [from, setFrom] = useState(choice.from);
  const [to, setTo] = useState(choice.to);
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();

  function show(event: FormEvent) {
    event.preventDefault();
    const refused =
      isRealIsoDate(from) && isRealIsoDate(to)
        ? (reportPeriodProblem({ from, to })?.message ?? null)
        : words.rangeIncomplete;
    setProblem(refused);
    if (!refused) onChoose({ ...choice, from, to });
  }

  return (
    <form onSubmit={show} aria-label="Range" noValidate className="space-y-2">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-36 flex-1 sm:flex-none">
          <label htmlFor="report-from" className={smallLabel}>
            {words.rangeFrom}
          </label>
          <input
            id="report-from"
            type="date"
            required
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            className={dateInput}
          />
        </div>
        <div className="min-w-36 flex-1 sm:flex-none">
          <label htmlFor="report-to" className={smallLabel}>
            {words.rangeTo}
          </label>
          <input
            id="report-to"
            type="date"
            required
            value={to}
            onChange={(event) => setTo(event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            className={dateInput}
          />
        </div>
        <button type="submit" className={`${toolButton} px-5`}>
          {words.showRange}
        </button>
      </div>
      {problem ? (
        <p id={problemId} className="text-sm font-semibold text-burgundy-700">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

/**
 * The report's period (a day, a week from Monday, a calendar month, or a range), its service and what it is
 * compared with; each choice goes into the address, which is what the screen shows.
 */
export function ReportPeriodPicker({
  choice,
  today,
  onChoose,
}: {
  choice: ReportChoice;
  today: string;
  onChoose: (choice: ReportChoice) => void;
}) {
  const { kind } = choice;
  const current = kind === 'range' ? null : periodAround(kind, today);
  return (
    <div className="card space-y-4 p-4">
      <div className="flex flex-wrap items-end gap-x-5 gap-y-3">
        <SegmentedChoice
          legend={words.periodLegend}
          name="report-period"
          options={PERIOD_KINDS.map((value) => ({ value, label: words.periodKinds[value] }))}
          value={kind}
          onChange={(next) => onChoose(withKind(choice, next))}
        />
        {kind === 'range' ? null : (
          <div className="flex items-center gap-1.5">
            <button
              type="button"
              className={toolButton}
              aria-label={words.step(-1, kind)}
              onClick={() => onChoose(steppedChoice(choice, -1))}
            >
              <Chevron direction="left" />
            </button>
            <button
              type="button"
              className={toolButton}
              aria-label={words.step(1, kind)}
              onClick={() => onChoose(steppedChoice(choice, 1))}
            >
              <Chevron direction="right" />
            </button>
            <button
              type="button"
              className={toolButton}
              disabled={current?.from === choice.from}
              onClick={() => onChoose({ ...choice, ...current })}
            >
              {words.current[kind]}
            </button>
          </div>
        )}
      </div>
      {kind === 'range' ? (
        <RangeForm key={`${choice.from} ${choice.to}`} choice={choice} onChoose={onChoose} />
      ) : null}
      <div className="flex flex-wrap gap-x-5 gap-y-3">
        <SegmentedChoice
          legend={words.serviceLegend}
          name="report-service"
          options={REPORT_SERVICES.map((value) => ({ value, label: REPORT_SERVICE_LABELS[value] }))}
          value={choice.service}
          onChange={(service) => onChoose({ ...choice, service })}
        />
        <SegmentedChoice
          legend={words.compareLegend}
          name="report-compare"
          options={REPORT_COMPARISONS.map((value) => ({ value, label: words.compareChoices[value] }))}
          value={choice.compare}
          onChange={(compare) => onChoose({ ...choice, compare })}
        />
      </div>
    </div>
  );
}
