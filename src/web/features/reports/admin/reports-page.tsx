import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatMoney } from '#shared/money/money.ts';
import type { ReportAnswer, ReportTable } from '#shared/reports/api.ts';
import { REPORT_SERVICE_LABELS } from '#shared/reports/messages.ts';
import { comparisonWeeks } from '#shared/reports/period.ts';
import { londonToday } from '#shared/time/london-time.ts';
import { LoadGate, useLoaded } from '#web/components/load-state.tsx';
import { useAdminTitle } from '#web/features/staff/admin-layout.tsx';
import { choiceFromParams, csvHref, paramsOf, periodTitle, type ReportChoice } from './report-choice.ts';
import { ReportPeriodPicker } from './report-period-picker.tsx';
import { ReportSection } from './report-section.tsx';
import { countText, reportTables } from './report-tables.ts';
import { comparedName, REPORT_SCREEN_WORDS } from './report-words.ts';
import * as reportsApi from './reports-api.ts';

const words = REPORT_SCREEN_WORDS;
/** The tables the service chosen does not narrow: they say so when one is chosen. */
const EVERY_SERVICE_TABLES = new Set<ReportTable>(['occasions', 'emails', 'vouchers']);

interface Headline {
  label: string;
  now: number;
  before: number | null;
  format: (value: number) => string;
}

function headlines({ current, previous }: ReportAnswer): Headline[] {
  const covers = (figure: keyof ReportAnswer['current']['bookings']) => ({
    now: current.bookings[figure].covers,
    before: previous ? previous.bookings[figure].covers : null,
    format: countText,
  });
  return [
    { label: words.cards.booked, ...covers('booked') },
    { label: words.cards.seated, ...covers('seated') },
    { label: words.cards.noShow, ...covers('noShow') },
    { label: words.cards.walkIns, ...covers('walkIns') },
    {
      label: words.cards.deposits,
      now: current.deposits.takenPence,
      before: previous ? previous.deposits.takenPence : null,
      format: formatMoney,
    },
  ];
}

/** The five figures the landlord looks at first, each with the compared period's and the change. */
function HeadlineCards({ answer, compared }: { answer: ReportAnswer; compared: string | null }) {
  return (
    <section aria-labelledby="report-headlines">
      <h2 id="report-headlines" className="sr-only">
        {words.headlines}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {headlines(answer).map((card) => (
          <div key={card.label} className="card flex flex-col p-4 last:col-span-2 sm:last:col-span-1">
            <dt className="text-sm font-semibold text-ink-soft">{card.label}</dt>
            <dd className="order-first font-serif text-3xl text-green-900 tabular-nums">
              {card.format(card.now)}
            </dd>
            {card.before !== null && compared !== null ? (
              <dd className="mt-1 text-sm">
                <span className="block font-semibold text-green-800">
                  {words.change(card.now - card.before, card.format, compared)}
                </span>
                <span className="block text-ink-soft">
                  {words.before(card.format(card.before), compared)}
                </span>
              </dd>
            ) : null}
          </div>
        ))}
      </dl>
    </section>
  );
}

function Report({ answer, choice }: { answer: ReportAnswer; choice: ReportChoice }) {
  const compared =
    answer.previous && answer.compare !== 'none'
      ? comparedName(answer.compare, comparisonWeeks(answer.current, answer.compare))
      : null;
  const title = periodTitle(answer.current);
  const service = REPORT_SERVICE_LABELS[answer.service];
  const nothingBooked = answer.current.bookings.booked.bookings === 0;
  return (
    <div className="space-y-5">
      {answer.previous && compared !== null ? (
        <p className="text-ink-soft">{words.comparedWith(periodTitle(answer.previous), compared)}</p>
      ) : null}
      {nothingBooked ? <p className="card p-5 text-lg">{words.nothingBooked}</p> : null}
      <HeadlineCards answer={answer} compared={compared} />
      <div className="grid gap-5 lg:grid-flow-row-dense lg:grid-cols-2">
        {reportTables(answer).map((figures) => (
          <ReportSection
            key={figures.table}
            figures={figures}
            caption={`${figures.title}, ${title}, ${service}`}
            compared={compared}
            csvHref={csvHref(figures.table, choice)}
            wide={figures.chart === 'days' || figures.columns.length > 3}
          >
            {answer.service !== 'all' && EVERY_SERVICE_TABLES.has(figures.table) ? (
              <p className="text-sm text-ink-soft">{words.everyService}</p>
            ) : null}
            {figures.table === 'emails' && answer.current.emails.failed > 0 ? (
              <Link to="/admin/mail" className="link inline-flex min-h-11 items-center">
                {words.failedMail}
              </Link>
            ) : null}
          </ReportSection>
        ))}
      </div>
    </div>
  );
}

/**
 * The landlord's reports (issue 32), for the owner and managers: a day, a week, a month or any range, a service,
 * compared with the weeks or the year before. Headline figures first, then each figure group as a chart, its
 * table (the accessible version) and its CSV. The choice lives in the address, so a link shows the same report.
 */
export function ReportsPage() {
  useAdminTitle(words.title);
  const today = londonToday();
  const [params, setParams] = useSearchParams();
  const choice = choiceFromParams(params, today);
  const { from, to, service, compare } = choice;
  const fetchReport = useCallback(
    async () => ({ answer: await reportsApi.reportFigures({ from, to, service, compare }) }),
    [from, to, service, compare],
  );
  const { load } = useLoaded(fetchReport, words.loadFailure);

  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <div>
        <h1 className="font-serif text-3xl sm:text-4xl">{words.title}</h1>
        <p className="mt-1 text-lg text-green-800">
          {periodTitle(choice)} · {REPORT_SERVICE_LABELS[service]}
        </p>
      </div>
      <ReportPeriodPicker choice={choice} today={today} onChoose={(next) => setParams(paramsOf(next))} />
      <LoadGate load={load} loadingText={words.loading}>
        {({ answer }) => <Report answer={answer} choice={choice} />}
      </LoadGate>
    </div>
  );
}
