import { type ReactNode, useId } from 'react';
import { useFormState } from 'react-hook-form';
import type { ChristmasSeason } from '#shared/christmas/season-schema.ts';
import { sittingTimes } from '#shared/christmas/sittings.ts';
import { formatMoney, poundsToPence } from '#shared/money/money.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate } from '#shared/time/london-time.ts';
import { FormError } from '#web/forms/site-form.tsx';
import { ChristmasTerms } from './christmas-terms.tsx';
import type { PreOrderState } from './pre-order.ts';

function Line({ term, pence, className = '' }: { term: ReactNode; pence: number; className?: string }) {
  return (
    <div className={`flex justify-between gap-4 ${className}`}>
      <dt>{term}</dt>
      <dd className="tabular-nums">{formatMoney(pence)}</dd>
    </div>
  );
}

/** "2 adults × £85.00 … £170.00": so many of something at its price in pounds. */
function PricedLine({
  count,
  one,
  many,
  pounds,
}: {
  count: number;
  one: string;
  many: string;
  pounds: number;
}) {
  const price = poundsToPence(pounds);
  return (
    <Line
      term={
        <>
          {plural(count, one, many)} × {formatMoney(price)}
        </>
      }
      pence={count * price}
    />
  );
}

/**
 * The button to the payment page. It stays pressable while the order is not ready (aria-disabled), so pressing
 * it says what to fix; it does nothing while online orders are closed or the payment page is opening.
 */
function PayButton({
  ready,
  closed,
  leaving,
  describedBy,
}: {
  ready: boolean;
  closed: boolean;
  leaving: boolean;
  describedBy?: string;
}) {
  const busy = useFormState().isSubmitting || leaving;
  return (
    <button
      type="submit"
      className="btn-primary w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
      aria-disabled={!ready || busy || closed || undefined}
      aria-describedby={describedBy}
      onClick={(click) => {
        if (closed || leaving) click.preventDefault();
      }}
    >
      {busy ? 'Starting checkout…' : 'Pay Deposit & Confirm'}
    </button>
  );
}

/**
 * "Your order" beside the form: the sitting, each price, the total, the deposit now and the balance on the
 * day; then what is still to do, or the failure of the last try, and the button to the payment page; and the
 * deposit terms.
 */
export function OrderSummary({
  season,
  sitting,
  order,
  closed,
  leaving,
}: {
  season: ChristmasSeason;
  sitting: ChristmasSeason['sittings'][number] | undefined;
  order: PreOrderState;
  closed: boolean;
  leaving: boolean;
}) {
  const stillToDoId = useId();
  const { prices } = season;
  const { party, amounts, problem } = order;
  const stillToDo = problem && !closed ? problem.message : null;
  return (
    <aside className="flex flex-col gap-5 lg:sticky lg:top-24" aria-label="Your order">
      <div className="overflow-hidden rounded-2xl border border-brass-500/40 bg-white shadow-[0_12px_30px_-18px_rgba(18,38,28,0.45)]">
        <div className="pattern-tiles">
          <div className="bg-gradient-to-br from-burgundy-800/95 to-green-900/90 px-6 py-5 text-cream-50">
            <p className="eyebrow text-brass-300">Your order</p>
            <p className="mt-1 font-serif text-2xl text-cream-50">
              {sitting ? sittingTimes(sitting) : 'Christmas Day'}
            </p>
            <p className="text-sm text-cream-100">{formatLongDate(season.date)}</p>
          </div>
        </div>
        <dl className="space-y-2 px-6 py-5 text-[0.95rem]">
          <PricedLine count={party.partyAdults} one="adult" many="adults" pounds={prices.adult} />
          {party.partyChildren > 0 ? (
            <PricedLine count={party.partyChildren} one="child" many="children" pounds={prices.child} />
          ) : null}
          {amounts.cheeseBoards > 0 ? (
            <PricedLine
              count={amounts.cheeseBoards}
              one="cheese board"
              many="cheese boards"
              pounds={prices.cheeseBoardSupplement}
            />
          ) : null}
          <Line
            term="Total"
            pence={amounts.totalPence}
            className="border-t border-cream-200 pt-2 font-semibold"
          />
          <Line
            term="Deposit to pay now"
            pence={amounts.depositPence}
            className="font-semibold text-green-800"
          />
          <Line term="Balance due on the day" pence={amounts.balancePence} className="text-ink-soft" />
        </dl>
        <div className="space-y-3 border-t border-cream-200 bg-cream-50 px-6 py-5">
          <FormError />
          <PayButton
            ready={problem === null}
            closed={closed}
            leaving={leaving}
            describedBy={stillToDo ? stillToDoId : undefined}
          />
          {stillToDo ? (
            <p id={stillToDoId} className="text-center text-sm text-ink-soft">
              Still to do: {stillToDo}
            </p>
          ) : (
            <p className="text-center text-sm text-ink-soft">
              You’ll pay securely on the next page. Your seats are held for 30 minutes while you do.
            </p>
          )}
        </div>
      </div>
      {/* On a phone the terms come before the button; beside the form they sit under it. */}
      <ChristmasTerms className="order-first lg:order-none" />
    </aside>
  );
}
