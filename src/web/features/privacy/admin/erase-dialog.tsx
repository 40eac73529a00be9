import { type FormEvent, useId, useState } from 'react';
import { CHRISTMAS_STAFF_CANCEL_MESSAGES, refundDeadlineText } from '#shared/christmas/manage.ts';
import { formatMoney } from '#shared/money/money.ts';
import { GUEST_DATA_MESSAGES } from '#shared/privacy/guest-query.ts';
import type {
  GuestData,
  GuestEraseRequest,
  GuestEraseRequestInput,
  GuestUpcomingBooking,
} from '#shared/privacy/guests.ts';
import { plural } from '#shared/text/plural.ts';
import { addDays, formatLongDate, formatTime } from '#shared/time/london-time.ts';
import { formatShortDate } from '#shared/time/staff-dates.ts';
import { ChoiceOption } from '#web/components/choice-option.tsx';
import { Dialog } from '#web/components/dialog.tsx';
import { useChristmasDay } from '#web/features/content/site-content.tsx';

export const eraseButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-burgundy-700 px-5 py-2.5 font-semibold text-cream-50 transition-colors hover:bg-burgundy-800 disabled:opacity-60';

/** "2 table bookings, 1 Christmas booking and 3 e-mails" */
function recordsList(data: GuestData): string {
  const parts = [
    [data.bookings.length, 'table booking', 'table bookings'],
    [data.christmasBookings.length, 'Christmas booking', 'Christmas bookings'],
    [data.christmasReservations.length, 'Christmas checkout', 'Christmas checkouts'],
    [data.enquiries.length, 'enquiry', 'enquiries'],
  ] as const;
  return parts
    .filter(([n]) => n > 0)
    .map(([n, one, many]) => plural(n, one, many))
    .join(', ');
}

/** "RC-AB12CD · Tue 8 Dec 2026, 7pm · 3 guests"; a Christmas booking's sitting and deposit paid. */
function upcomingText(booking: GuestUpcomingBooking): string {
  const time = booking.kind === 'table' ? formatTime(booking.time) : booking.time;
  const deposit =
    booking.depositPaidPence > 0 ? ` · deposit ${formatMoney(booking.depositPaidPence)} paid` : '';
  return `${booking.reference} · ${formatShortDate(booking.date)}, ${time} · ${plural(booking.partySize, 'guest', 'guests')}${deposit}`;
}

export type EraseChoice = Pick<GuestEraseRequestInput, 'upcoming' | 'deposit'>;
type DepositChoice = NonNullable<GuestEraseRequest['deposit']>;

const errorNote =
  'mt-3 rounded-lg border-l-4 border-burgundy-700 bg-burgundy-700/10 px-4 py-3 font-semibold text-burgundy-800';

/** The Christmas deposits a cancellation would refund or keep: staff choose, as when cancelling one alone. */
function DepositQuestion({
  pence,
  deposit,
  onSelect,
}: {
  pence: number;
  deposit: DepositChoice | null;
  onSelect: (deposit: DepositChoice) => void;
}) {
  const deadline = refundDeadlineText(useChristmasDay());
  return (
    <fieldset className="mt-4 space-y-3">
      <legend className="mb-2 font-semibold text-green-900">The Christmas deposit</legend>
      <ChoiceOption
        name="deposit"
        checked={deposit === 'refund'}
        label={CHRISTMAS_STAFF_CANCEL_MESSAGES.refund}
        hint={CHRISTMAS_STAFF_CANCEL_MESSAGES.refundHint(formatMoney(pence), deadline)}
        onSelect={() => onSelect('refund')}
      />
      <ChoiceOption
        name="deposit"
        checked={deposit === 'keep'}
        label={CHRISTMAS_STAFF_CANCEL_MESSAGES.keep}
        hint={CHRISTMAS_STAFF_CANCEL_MESSAGES.keepHint(deadline)}
        onSelect={() => onSelect('keep')}
      />
    </fieldset>
  );
}

/**
 * The person's bookings still to come, and what becomes of them (issue 26): erased now they would stay on the
 * day view as "Anonymised guest", so staff cancel them (the guest told) or erase after the last visit.
 */
function UpcomingQuestion({
  upcoming,
  choice,
  onChoose,
}: {
  upcoming: GuestUpcomingBooking[];
  choice: EraseChoice;
  onChoose: (choice: EraseChoice) => void;
}) {
  const id = useId();
  const lastVisit = upcoming.map((booking) => booking.date).sort()[upcoming.length - 1] as string;
  const deposits = upcoming.reduce((total, booking) => total + booking.depositPaidPence, 0);
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-4">
      <h3 id={`${id}-heading`} className="font-semibold text-green-900">
        {plural(upcoming.length, 'upcoming booking', 'upcoming bookings')}
      </h3>
      <ul className="mt-2 space-y-1 rounded-lg bg-cream-100 px-4 py-3">
        {upcoming.map((booking) => (
          <li key={booking.id} className="break-words font-semibold text-green-900">
            {upcomingText(booking)}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-ink-soft">{GUEST_DATA_MESSAGES.upcomingLead(upcoming.length)}</p>
      <fieldset className="mt-4 space-y-3">
        <legend className="mb-2 font-semibold text-green-900">{GUEST_DATA_MESSAGES.upcomingLegend}</legend>
        <ChoiceOption
          name="upcoming"
          checked={choice.upcoming === 'cancel-and-erase'}
          label={GUEST_DATA_MESSAGES.cancelAndErase}
          hint={GUEST_DATA_MESSAGES.cancelAndEraseHint}
          onSelect={() => onChoose({ ...choice, upcoming: 'cancel-and-erase' })}
        />
        <ChoiceOption
          name="upcoming"
          checked={choice.upcoming === 'erase-after-visit'}
          label={GUEST_DATA_MESSAGES.eraseAfterVisit}
          hint={GUEST_DATA_MESSAGES.eraseAfterVisitHint(formatLongDate(addDays(lastVisit, 1)))}
          onSelect={() => onChoose({ ...choice, upcoming: 'erase-after-visit' })}
        />
      </fieldset>
      {choice.upcoming === 'cancel-and-erase' && deposits > 0 ? (
        <DepositQuestion
          pence={deposits}
          deposit={choice.deposit ?? null}
          onSelect={(deposit) => onChoose({ ...choice, deposit })}
        />
      ) : null}
    </section>
  );
}

function EraseQuestion({
  titleId,
  data,
  erasing,
  onCancel,
  onConfirm,
}: {
  titleId: string;
  data: GuestData;
  erasing: boolean;
  onCancel: () => void;
  onConfirm: (choice: EraseChoice) => void;
}) {
  const upcoming = data.upcomingBookings;
  const [choice, setChoice] = useState<EraseChoice>({ upcoming: null, deposit: null });
  const [problem, setProblem] = useState<string | null>(null);
  const kept = recordsList(data);
  const cancelling = choice.upcoming === 'cancel-and-erase';
  const needsDeposit = cancelling && upcoming.some((booking) => booking.depositPaidPence > 0);

  function choose(next: EraseChoice) {
    setChoice(next);
    setProblem(null);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (upcoming.length > 0 && !choice.upcoming) setProblem(GUEST_DATA_MESSAGES.chooseUpcoming);
    else if (needsDeposit && !choice.deposit) setProblem(CHRISTMAS_STAFF_CANCEL_MESSAGES.depositChoice);
    else onConfirm({ upcoming: choice.upcoming, deposit: needsDeposit ? choice.deposit : null });
  }

  const scheduling = upcoming.length > 0 && choice.upcoming === 'erase-after-visit';
  const action = scheduling
    ? 'Schedule the erasure'
    : cancelling
      ? 'Cancel bookings and erase'
      : 'Erase for good';
  return (
    <form onSubmit={submit} noValidate>
      <h2 id={titleId} className="font-serif text-2xl">
        Erase this person’s data?
      </h2>
      {upcoming.length > 0 ? (
        <UpcomingQuestion upcoming={upcoming} choice={choice} onChoose={choose} />
      ) : null}
      {problem ? (
        <p role="alert" className={errorNote}>
          {problem}
        </p>
      ) : null}
      <p className="mt-4">
        <strong>What goes:</strong> {GUEST_DATA_MESSAGES.whatGoes}
      </p>
      <p className="mt-3">
        <strong>What stays:</strong> {GUEST_DATA_MESSAGES.whatStays}
        {kept ? ` Kept, anonymised: ${kept}.` : ''}
      </p>
      <p className="mt-3 font-semibold text-burgundy-800">This cannot be undone.</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <button type="submit" disabled={erasing} className={`${eraseButton} min-h-12`}>
          {erasing ? (scheduling ? 'Scheduling…' : 'Erasing…') : action}
        </button>
        <button type="button" onClick={onCancel} className="btn-outline min-h-12 px-5 py-2.5">
          Keep it
        </button>
      </div>
    </form>
  );
}

export function EraseDialog({
  open,
  data,
  erasing,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  data: GuestData;
  erasing: boolean;
  onCancel: () => void;
  onConfirm: (choice: EraseChoice) => void;
}) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      labelledBy={titleId}
      className="card max-h-[calc(100dvh-2rem)] w-full max-w-xl overflow-y-auto p-6"
    >
      <EraseQuestion
        titleId={titleId}
        data={data}
        erasing={erasing}
        onCancel={onCancel}
        onConfirm={onConfirm}
      />
    </Dialog>
  );
}
