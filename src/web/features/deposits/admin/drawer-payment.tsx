import { type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { StoredBooking } from '#shared/booking/schemas.ts';
import { paymentActions, paymentLabel } from '#shared/deposits/payment.ts';
import type { StaffPayment } from '#shared/deposits/payment-schemas.ts';
import { termsHeadline, termsText } from '#shared/deposits/terms.ts';
import { formatMoney } from '#shared/money/money.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { DetailRow } from '#web/components/dialog.tsx';
import { useLoaded, whenReady } from '#web/components/load-state.tsx';
import { Notice } from '#web/features/staff/notice.tsx';
import * as nightApi from '#web/features/tables/admin/night-api.ts';
import * as depositsApi from './api.ts';
import { DecisionQuestion, NoShowFeeQuestion, type PaymentAction } from './payment-questions.tsx';
import { STAFF_DEPOSIT_WORDS as WORDS } from './staff-words.ts';

/** A guarantee's card that staff could charge were the booking marked a no-show, and only then. */
function feeAwaitsNoShow(payment: StaffPayment, status: string): boolean {
  return (
    paymentActions(payment, { status, noShow: true }).chargeFee &&
    !paymentActions(payment, { status, noShow: false }).chargeFee
  );
}

/** Whether the night's arrivals marked the booking a no-show (issue 28); not known, not one. */
async function markedNoShow(id: string, date: string): Promise<boolean> {
  try {
    const day = await nightApi.tablesDay(date);
    return day.bookings.some((entry) => entry.id === id && entry.noShowAt !== null);
  } catch {
    return false;
  }
}

/** Who did what and why, in the drawer's rows: paid, refunded, kept, charged, waived. */
function PaymentDetails({ payment }: { payment: StaffPayment }) {
  const { refund, kept, fee, waived } = payment;
  return (
    <dl className="divide-y divide-cream-200 border-y border-cream-200">
      {payment.paidPence > 0 ? (
        <DetailRow term={WORDS.paid}>{formatMoney(payment.paidPence)}</DetailRow>
      ) : null}
      {refund ? (
        <DetailRow term={WORDS.refund}>
          {formatMoney(refund.pence)}, {WORDS.refundStates[refund.state]}
        </DetailRow>
      ) : null}
      {kept ? <DetailRow term={WORDS.kept}>{WORDS.because(kept.reason, kept.by)}</DetailRow> : null}
      {fee ? (
        <DetailRow term={WORDS.fee}>
          {[
            `${formatMoney(fee.pence)}, ${WORDS.feeStates[fee.state]}`,
            WORDS.because(fee.reason, fee.by),
            fee.failure ?? '',
          ]
            .filter(Boolean)
            .join('\n')}
        </DetailRow>
      ) : null}
      {waived ? <DetailRow term={WORDS.waived}>{WORDS.because(waived.reason, waived.by)}</DetailRow> : null}
    </dl>
  );
}

const ACTION_LABELS: Record<PaymentAction, string> = {
  refund: WORDS.refundButton,
  keep: WORDS.keepButton,
  fee: WORDS.feeButton,
};

/**
 * A booking's deposit or card guarantee in its drawer (issue 29): the terms the guest agreed to, where the
 * money stands and who did what, and for managers the actions the payment allows now, each asked in its own
 * dialog with a reason. Nothing for a booking no rule applied to.
 */
export function DrawerPayment({
  booking,
  canAct,
  onChanged,
}: {
  booking: StoredBooking;
  /** Refund, keep and charge, for managers and the owner. */
  canAct: boolean;
  /** The payment changed (or may have): the day's flags are out of date. */
  onChanged: () => void;
}) {
  const headingId = useId();
  const { _id: id, status, date } = booking;
  // Asked again when the status changes: a cancellation refunds a deposit, or opens the way to a fee.
  const fetchPayment = useCallback(async () => {
    const { payment } = await depositsApi.bookingPayment(id);
    const noShow =
      canAct && payment !== null && feeAwaitsNoShow(payment, status) && (await markedNoShow(id, date));
    return { payment, noShow };
  }, [id, status, date, canAct]);
  const { load, setLoad, reload } = useLoaded(fetchPayment, WORDS.loadFailed);
  const [asking, setAsking] = useState<PaymentAction | null>(null);
  const [done, setDone] = useState('');
  const doneNotice = useRef<HTMLDivElement>(null);

  // Once the dialog has closed and given the focus back: the button that opened it may be gone.
  useEffect(() => {
    if (done) doneNotice.current?.focus();
  }, [done]);

  if (load.status === 'loading') return null;
  const payment = load.status === 'ready' ? load.payment : null;
  const noShow = load.status === 'ready' && load.noShow;
  if (load.status === 'ready' && payment === null) return null;

  function saved(latest: StaffPayment) {
    setLoad(whenReady((ready) => ({ ...ready, payment: latest })));
    setAsking(null);
    setDone(WORDS.done(paymentLabel(latest)));
    onChanged();
  }

  /** After a failed action the payment may have moved on (a refund left pending, a fee declined). */
  function failed() {
    depositsApi.bookingPayment(id).then(
      ({ payment: latest }) => {
        if (latest) setLoad(whenReady((ready) => ({ ...ready, payment: latest })));
      },
      // The dialog says what failed; the payment shown stays as it was.
      () => undefined,
    );
    onChanged();
  }

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-xs font-semibold tracking-wide text-ink-soft uppercase">
        {WORDS.section}
      </h3>
      {load.status === 'failed' ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <p>{load.error}</p>
          <button
            type="button"
            onClick={() => void reload()}
            className="btn-outline min-h-11 px-4 py-2 text-sm"
          >
            {WORDS.retry}
          </button>
        </div>
      ) : payment ? (
        <PaymentState
          payment={payment}
          actions={
            canAct
              ? paymentActions(payment, { status, noShow })
              : { refund: false, keep: false, chargeFee: false }
          }
          done={done}
          doneNotice={doneNotice}
          onAsk={(action) => {
            setDone('');
            setAsking(action);
          }}
        />
      ) : null}
      {payment ? (
        <ConfirmDialog
          subject={asking}
          onKeep={() => setAsking(null)}
          className="card max-h-[calc(100dvh-2rem)] w-full max-w-md overflow-y-auto p-5 sm:p-6"
        >
          {(action) =>
            action === 'fee' ? (
              <NoShowFeeQuestion bookingId={id} payment={payment} onSaved={saved} onFailed={failed} />
            ) : (
              <DecisionQuestion
                action={action}
                bookingId={id}
                payment={payment}
                onSaved={saved}
                onFailed={failed}
              />
            )
          }
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

function PaymentState({
  payment,
  actions,
  done,
  doneNotice,
  onAsk,
}: {
  payment: StaffPayment;
  actions: ReturnType<typeof paymentActions>;
  done: string;
  doneNotice: RefObject<HTMLDivElement | null>;
  onAsk: (action: PaymentAction) => void;
}) {
  const offered = (
    [
      ['refund', actions.refund],
      ['keep', actions.keep],
      ['fee', actions.chargeFee],
    ] as const
  )
    .filter(([, allowed]) => allowed)
    .map(([action]) => action);
  return (
    <>
      <p className="text-lg font-semibold text-green-900">{paymentLabel(payment)}</p>
      {done ? (
        <div ref={doneNotice} tabIndex={-1}>
          <Notice tone="success">{done}</Notice>
        </div>
      ) : null}
      <PaymentDetails payment={payment} />
      <div className="text-sm">
        <p className="font-semibold text-ink-soft">
          {WORDS.terms}: {termsHeadline(payment.terms)}
        </p>
        <ul className="mt-1 space-y-1">
          {termsText(payment.terms).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      {offered.length > 0 ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {offered.map((action) => (
            <button
              key={action}
              type="button"
              aria-haspopup="dialog"
              onClick={() => onAsk(action)}
              className="btn-outline min-h-11 px-4 py-2 text-sm"
            >
              {ACTION_LABELS[action]}
            </button>
          ))}
        </div>
      ) : null}
    </>
  );
}
