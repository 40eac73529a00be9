import { type FormEvent, useId, useState } from 'react';
import { CHRISTMAS_STAFF_CANCEL_MESSAGES, refundDeadlineText } from '#shared/christmas/manage.ts';
import type { ChristmasStatusChange, StoredChristmasBooking } from '#shared/christmas/schemas.ts';
import { formatMoney } from '#shared/money/money.ts';
import { plural } from '#shared/text/plural.ts';
import { ChoiceOption } from '#web/components/choice-option.tsx';
import { Dialog } from '#web/components/dialog.tsx';
import { useChristmasDay } from '#web/features/content/site-content.tsx';

export type DepositChoice = NonNullable<ChristmasStatusChange['deposit']>;

function CancelQuestion({
  booking,
  titleId,
  onKeep,
  onConfirm,
}: {
  booking: StoredChristmasBooking;
  titleId: string;
  onKeep: () => void;
  onConfirm: (deposit: DepositChoice) => void;
}) {
  const id = useId();
  const deadline = refundDeadlineText(useChristmasDay());
  const [deposit, setDeposit] = useState<DepositChoice | null>(null);
  const [unchosen, setUnchosen] = useState(false);
  const amount = formatMoney(booking.depositPaidPence);
  const errorId = `${id}-error`;

  function choose(choice: DepositChoice) {
    setDeposit(choice);
    setUnchosen(false);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (deposit) onConfirm(deposit);
    else setUnchosen(true);
  }

  return (
    <form onSubmit={submit}>
      <h2 id={titleId} className="font-serif text-2xl">
        {CHRISTMAS_STAFF_CANCEL_MESSAGES.title}
      </h2>
      <p className="mt-2 text-lg text-green-900">
        <strong className="break-words">{booking.name}</strong>, {booking.reference}: {booking.sittingLabel},{' '}
        {plural(booking.partySize, 'guest', 'guests')}. Deposit paid {amount}.
      </p>
      <fieldset className="mt-5 space-y-3" aria-describedby={unchosen ? errorId : undefined}>
        <legend className="mb-2 font-semibold text-green-900">The deposit</legend>
        <ChoiceOption
          name={`${id}-deposit`}
          checked={deposit === 'refund'}
          label={CHRISTMAS_STAFF_CANCEL_MESSAGES.refund}
          hint={CHRISTMAS_STAFF_CANCEL_MESSAGES.refundHint(amount, deadline)}
          onSelect={() => choose('refund')}
        />
        <ChoiceOption
          name={`${id}-deposit`}
          checked={deposit === 'keep'}
          label={CHRISTMAS_STAFF_CANCEL_MESSAGES.keep}
          hint={CHRISTMAS_STAFF_CANCEL_MESSAGES.keepHint(deadline)}
          onSelect={() => choose('keep')}
        />
      </fieldset>
      {unchosen ? (
        <p
          id={errorId}
          role="alert"
          className="mt-3 rounded-lg border-l-4 border-burgundy-700 bg-burgundy-700/10 px-4 py-3 font-semibold text-burgundy-800"
        >
          {CHRISTMAS_STAFF_CANCEL_MESSAGES.depositChoice}
        </p>
      ) : null}
      <p className="mt-4 break-words text-ink-soft">
        {CHRISTMAS_STAFF_CANCEL_MESSAGES.guestEmailed(booking.email)}
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <button type="submit" className="btn min-h-12 bg-burgundy-700 text-cream-50 hover:bg-burgundy-800">
          {CHRISTMAS_STAFF_CANCEL_MESSAGES.confirm}
        </button>
        <button type="button" onClick={onKeep} className="btn-outline min-h-12">
          {CHRISTMAS_STAFF_CANCEL_MESSAGES.dontCancel}
        </button>
      </div>
    </form>
  );
}

/**
 * Asks staff cancelling an online Christmas booking whether to refund or keep its deposit (issue 18), with
 * what the terms say of each; nothing is chosen for them. The guest is e-mailed either way.
 */
export function CancelChristmasBookingDialog({
  booking,
  onKeep,
  onConfirm,
}: {
  booking: StoredChristmasBooking | null;
  onKeep: () => void;
  onConfirm: (deposit: DepositChoice) => void;
}) {
  const titleId = useId();
  return (
    <Dialog
      open={booking !== null}
      onClose={onKeep}
      labelledBy={titleId}
      className="card w-full max-w-md p-6"
    >
      {booking ? (
        <CancelQuestion booking={booking} titleId={titleId} onKeep={onKeep} onConfirm={onConfirm} />
      ) : null}
    </Dialog>
  );
}
