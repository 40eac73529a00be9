import { useState } from 'react';
import {
  TILL_OUTCOME_LABELS,
  TILL_OUTCOMES,
  TILL_SETTLEMENT_MESSAGES,
  type TillOutcome,
  tillSettledText,
} from '#shared/money/till-settlement.ts';

/**
 * A cancelled booking's money staff took (decision 051), on the Christmas and the occasions staff screens: the
 * screen's line of what is to settle at the till with the question and its two buttons, then what staff recorded.
 * The buttons are the question, so there is no dialog to confirm.
 */
export function TillSettlement({
  toSettle,
  paidPence,
  tillRefundPence,
  whose,
  onSettle,
}: {
  /** The screen's own words for money still to settle at the till. */
  toSettle: string;
  paidPence: number;
  /** Null until staff record it: the question is asked. */
  tillRefundPence: number | null;
  /** "Rosa Lind, XMAS-AB12": each button names whose money it records. */
  whose: string;
  /** Settles when the screen has shown the answer, success or failure; absent for a role that may not record it. */
  onSettle: ((outcome: TillOutcome) => Promise<void>) | undefined;
}) {
  const [busy, setBusy] = useState(false);
  if (tillRefundPence !== null)
    return <span className="block">{tillSettledText(paidPence, tillRefundPence)}</span>;

  // A second tap while the first is on its way is dropped: the server would refuse it as already settled.
  async function settle(outcome: TillOutcome) {
    if (busy || !onSettle) return;
    setBusy(true);
    await onSettle(outcome);
    setBusy(false);
  }

  return (
    <>
      <span className="block">{toSettle}</span>
      {onSettle ? (
        <fieldset>
          <legend className="font-semibold text-green-900">{TILL_SETTLEMENT_MESSAGES.question}</legend>
          <span className="mt-1 flex flex-wrap gap-2">
            {TILL_OUTCOMES.map((outcome) => (
              <button
                key={outcome}
                type="button"
                className="btn-outline min-h-11 px-3 py-1 text-sm"
                aria-label={`${TILL_OUTCOME_LABELS[outcome]} for ${whose}`}
                onClick={() => settle(outcome)}
              >
                {TILL_OUTCOME_LABELS[outcome]}
              </button>
            ))}
          </span>
        </fieldset>
      ) : null}
    </>
  );
}
