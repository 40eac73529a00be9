import { useId } from 'react';
import { useWatch } from 'react-hook-form';
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
import { ConfirmDialog, ConfirmForm } from '#web/components/confirm-dialog.tsx';
import { useChristmasDay } from '#web/features/content/site-content.tsx';
import { FormChoiceField } from '#web/forms/fields.tsx';
import { type RuleProblem, ruleResolver } from '#web/forms/rule-resolver.ts';
import { useSiteForm } from '#web/forms/use-site-form.ts';

export const eraseButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-burgundy-700 px-5 py-2.5 font-semibold text-cream-50 transition-colors hover:bg-burgundy-800 disabled:opacity-60';

/** "2 table bookings, 1 Christmas booking and 3 e-mails" */
function recordsList(data: GuestData): string {
  const parts = [
    [data.bookings.length, 'table booking', 'table bookings'],
    [data.christmasBookings.length, 'Christmas booking', 'Christmas bookings'],
    [data.christmasReservations.length, 'Christmas checkout', 'Christmas checkouts'],
    [data.occasionBookings.length, 'occasion booking', 'occasion bookings'],
    [data.occasionDiners.length, 'occasion diner', 'occasion diners'],
    [data.enquiries.length, 'enquiry', 'enquiries'],
    [data.vouchers.length, 'gift voucher', 'gift vouchers'],
  ] as const;
  return parts
    .filter(([n]) => n > 0)
    .map(([n, one, many]) => plural(n, one, many))
    .join(', ');
}

/** What was paid towards a booking to come: a Christmas deposit, or an occasion's deposit or full price. */
function paidText(booking: GuestUpcomingBooking): string {
  if (booking.depositPaidPence === 0) return '';
  const paid = formatMoney(booking.depositPaidPence);
  return booking.kind === 'occasion' ? ` · ${paid} paid` : ` · deposit ${paid} paid`;
}

/** "RC-AB12CD · Tue 8 Dec 2026, 7pm · 3 guests"; a Christmas or occasion booking's sitting, and what was paid. */
function upcomingText(booking: GuestUpcomingBooking): string {
  const time = booking.kind === 'table' ? formatTime(booking.time) : booking.time;
  return `${booking.reference} · ${formatShortDate(booking.date)}, ${time} · ${plural(booking.partySize, 'guest', 'guests')}${paidText(booking)}`;
}

/** Occasion bookings are cancelled, and refunded, on their own screen: an erasure only waits for them. */
const occasionReferences = (upcoming: GuestUpcomingBooking[]) =>
  upcoming.filter((booking) => booking.kind === 'occasion').map((booking) => booking.reference);

export type EraseChoice = Pick<GuestEraseRequestInput, 'upcoming' | 'deposit'>;
type UpcomingChoice = NonNullable<GuestEraseRequest['upcoming']>;
type DepositChoice = NonNullable<GuestEraseRequest['deposit']>;

interface EraseValues {
  upcoming: UpcomingChoice | null;
  deposit: DepositChoice | null;
}

const depositsOf = (upcoming: GuestUpcomingBooking[]) =>
  upcoming
    .filter((booking) => booking.kind === 'christmas')
    .reduce((total, booking) => total + booking.depositPaidPence, 0);

/** Cancelling bookings that took a Christmas deposit asks what becomes of it. */
const needsDeposit = (upcoming: GuestUpcomingBooking[], choice: UpcomingChoice | null) =>
  choice === 'cancel-and-erase' && depositsOf(upcoming) > 0;

/** Nothing is erased until the owner says what becomes of the bookings to come, and of a deposit. */
function problemOf(
  upcoming: GuestUpcomingBooking[],
  values: EraseValues,
): RuleProblem<keyof EraseValues> | null {
  if (upcoming.length > 0 && !values.upcoming) {
    return { field: 'upcoming', message: GUEST_DATA_MESSAGES.chooseUpcoming };
  }
  const occasions = occasionReferences(upcoming);
  if (values.upcoming === 'cancel-and-erase' && occasions.length > 0) {
    return { field: 'upcoming', message: GUEST_DATA_MESSAGES.occasionCancelFirst(occasions) };
  }
  if (needsDeposit(upcoming, values.upcoming) && !values.deposit) {
    return { field: 'deposit', message: CHRISTMAS_STAFF_CANCEL_MESSAGES.depositChoice };
  }
  return null;
}

/** The Christmas deposits a cancellation would refund or keep (the value `deposit`), as when cancelling one alone. */
function DepositQuestion({ pence }: { pence: number }) {
  const deadline = refundDeadlineText(useChristmasDay());
  return (
    <FormChoiceField<DepositChoice>
      name="deposit"
      legend="The Christmas deposit"
      className="mt-4"
      choices={[
        {
          value: 'refund',
          label: CHRISTMAS_STAFF_CANCEL_MESSAGES.refund,
          hint: CHRISTMAS_STAFF_CANCEL_MESSAGES.refundHint(formatMoney(pence), deadline),
        },
        {
          value: 'keep',
          label: CHRISTMAS_STAFF_CANCEL_MESSAGES.keep,
          hint: CHRISTMAS_STAFF_CANCEL_MESSAGES.keepHint(deadline),
        },
      ]}
    />
  );
}

/**
 * The person's bookings still to come, and what becomes of them (issue 26): erased now they would stay on the
 * day view as "Anonymised guest", so staff cancel them (the guest told) or erase after the last visit.
 */
function UpcomingQuestion({
  upcoming,
  cancelling,
}: {
  upcoming: GuestUpcomingBooking[];
  cancelling: boolean;
}) {
  const id = useId();
  const lastVisit = upcoming.map((booking) => booking.date).sort()[upcoming.length - 1] as string;
  const deposits = depositsOf(upcoming);
  const occasions = occasionReferences(upcoming);
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
      <FormChoiceField<UpcomingChoice>
        name="upcoming"
        legend={GUEST_DATA_MESSAGES.upcomingLegend}
        className="mt-4"
        choices={[
          {
            value: 'cancel-and-erase',
            label: GUEST_DATA_MESSAGES.cancelAndErase,
            hint:
              occasions.length > 0
                ? GUEST_DATA_MESSAGES.occasionCancelFirst(occasions)
                : GUEST_DATA_MESSAGES.cancelAndEraseHint,
          },
          {
            value: 'erase-after-visit',
            label: GUEST_DATA_MESSAGES.eraseAfterVisit,
            hint: GUEST_DATA_MESSAGES.eraseAfterVisitHint(formatLongDate(addDays(lastVisit, 1))),
          },
        ]}
      />
      {cancelling && deposits > 0 ? <DepositQuestion pence={deposits} /> : null}
    </section>
  );
}

/**
 * Asks before a guest's data is erased: what becomes of their bookings to come (and of a Christmas deposit), what
 * goes and what stays; `onConfirm` erases.
 */
function EraseQuestion({
  data,
  onConfirm,
}: {
  data: GuestData;
  onConfirm: (choice: EraseChoice) => Promise<void>;
}) {
  const upcoming = data.upcomingBookings;
  const question = useSiteForm<EraseValues>({
    defaultValues: { upcoming: null, deposit: null },
    validate: ruleResolver((values) => problemOf(upcoming, values)),
    send: ({ upcoming: choice, deposit }) =>
      onConfirm({ upcoming: choice, deposit: needsDeposit(upcoming, choice) ? deposit : null }),
    failure: GUEST_DATA_MESSAGES.eraseFailed,
  });
  const choice = useWatch({ control: question.form.control, name: 'upcoming' });
  const kept = recordsList(data);
  const scheduling = upcoming.length > 0 && choice === 'erase-after-visit';
  const cancelling = choice === 'cancel-and-erase';
  return (
    <ConfirmForm
      form={question}
      title="Erase this person’s data?"
      confirmLabel={
        scheduling ? 'Schedule the erasure' : cancelling ? 'Cancel bookings and erase' : 'Erase for good'
      }
      busyLabel={scheduling ? 'Scheduling…' : 'Erasing…'}
      keepLabel="Keep it"
      tone="danger"
    >
      {upcoming.length > 0 ? <UpcomingQuestion upcoming={upcoming} cancelling={cancelling} /> : null}
      <p className="mt-4">
        <strong>What goes:</strong> {GUEST_DATA_MESSAGES.whatGoes}
      </p>
      <p className="mt-3">
        <strong>What stays:</strong> {GUEST_DATA_MESSAGES.whatStays}
        {kept ? ` Kept, anonymised: ${kept}.` : ''}
      </p>
      <p className="mt-3 font-semibold text-burgundy-800">This cannot be undone.</p>
    </ConfirmForm>
  );
}

/** Open while the owner is asked, over the page's `data`. */
export function EraseDialog({
  data,
  onCancel,
  onConfirm,
}: {
  data: GuestData | null;
  onCancel: () => void;
  onConfirm: (choice: EraseChoice) => Promise<void>;
}) {
  return (
    <ConfirmDialog
      subject={data}
      onKeep={onCancel}
      className="card max-h-[calc(100dvh-2rem)] w-full max-w-xl overflow-y-auto p-6"
    >
      {(shown) => <EraseQuestion data={shown} onConfirm={onConfirm} />}
    </ConfirmDialog>
  );
}
