import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { CHRISTMAS_ADMIN_FAILURES } from '#shared/christmas/admin.ts';
import { depositTakenByStaff, depositText } from '#shared/christmas/deposit.ts';
import { CHRISTMAS_STAFF_CANCEL_MESSAGES, refundDeadlineText } from '#shared/christmas/manage.ts';
import type { ChristmasStatusChange, StoredChristmasBooking } from '#shared/christmas/schemas.ts';
import { formatMoney } from '#shared/money/money.ts';
import { paidToStaffNotRefundedOnline } from '#shared/money/taken-by-staff.ts';
import { plural } from '#shared/text/plural.ts';
import { ConfirmForm, nothingToCheck } from '#web/components/confirm-dialog.tsx';
import { useChristmasDay } from '#web/features/content/site-content.tsx';
import { FormChoiceField } from '#web/forms/fields.tsx';
import { ruleResolver } from '#web/forms/rule-resolver.ts';
import { type SiteFormHandle, useSiteForm } from '#web/forms/use-site-form.ts';

export type DepositChoice = NonNullable<ChristmasStatusChange['deposit']>;

/**
 * Asks staff cancelling a Christmas booking with a deposit what becomes of it, in a `ConfirmDialog`: one paid
 * online is refunded or kept (issue 18), with what the terms say of each and nothing chosen for staff, and its
 * guest is e-mailed either way; one staff took is settled at the till.
 */
export function CancelChristmasBookingQuestion({
  booking,
  onConfirm,
}: {
  booking: StoredChristmasBooking;
  onConfirm: (deposit: DepositChoice | null) => void;
}) {
  return depositTakenByStaff(booking) ? (
    <CancelTillDeposit booking={booking} onConfirm={() => onConfirm(null)} />
  ) : (
    <RefundOrKeep booking={booking} onConfirm={onConfirm} />
  );
}

/** The question's frame: its title and buttons, and the booking with what was paid, above `children`. */
function CancelQuestion<Values extends FieldValues>({
  form,
  booking,
  deposit,
  children,
}: {
  form: SiteFormHandle<Values>;
  booking: StoredChristmasBooking;
  deposit: string;
  children: ReactNode;
}) {
  return (
    <ConfirmForm
      form={form}
      title={CHRISTMAS_STAFF_CANCEL_MESSAGES.title}
      confirmLabel={CHRISTMAS_STAFF_CANCEL_MESSAGES.confirm}
      busyLabel="Cancelling…"
      keepLabel={CHRISTMAS_STAFF_CANCEL_MESSAGES.dontCancel}
      tone="danger"
    >
      <p className="mt-2 text-lg text-green-900">
        <strong className="break-words">{booking.name}</strong>, {booking.reference}: {booking.sittingLabel},{' '}
        {plural(booking.partySize, 'guest', 'guests')}. {deposit}.
      </p>
      {children}
    </ConfirmForm>
  );
}

function CancelTillDeposit({
  booking,
  onConfirm,
}: {
  booking: StoredChristmasBooking;
  onConfirm: () => void;
}) {
  const question = useSiteForm<Record<string, never>>({
    defaultValues: {},
    validate: nothingToCheck(),
    send: async () => onConfirm(),
    failure: CHRISTMAS_ADMIN_FAILURES.update,
  });
  return (
    <CancelQuestion form={question} booking={booking} deposit={depositText(booking)}>
      <p className="mt-4 text-green-900">{paidToStaffNotRefundedOnline(booking.depositPaidPence)}</p>
    </CancelQuestion>
  );
}

function RefundOrKeep({
  booking,
  onConfirm,
}: {
  booking: StoredChristmasBooking;
  onConfirm: (deposit: DepositChoice) => void;
}) {
  const deadline = refundDeadlineText(useChristmasDay());
  const amount = formatMoney(booking.depositPaidPence);
  const question = useSiteForm<{ deposit: DepositChoice | null }>({
    defaultValues: { deposit: null },
    // Nothing is chosen for staff: the terms say which applies, staff decide.
    validate: ruleResolver(({ deposit }) =>
      deposit ? null : { field: 'deposit', message: CHRISTMAS_STAFF_CANCEL_MESSAGES.depositChoice },
    ),
    send: async ({ deposit }) => {
      if (deposit) onConfirm(deposit);
    },
    failure: CHRISTMAS_ADMIN_FAILURES.update,
  });

  return (
    <CancelQuestion form={question} booking={booking} deposit={`Deposit paid ${amount}`}>
      <FormChoiceField<DepositChoice>
        name="deposit"
        legend="The deposit"
        className="mt-5"
        choicesClassName="space-y-3"
        choices={[
          {
            value: 'refund',
            label: CHRISTMAS_STAFF_CANCEL_MESSAGES.refund,
            hint: CHRISTMAS_STAFF_CANCEL_MESSAGES.refundHint(amount, deadline),
          },
          {
            value: 'keep',
            label: CHRISTMAS_STAFF_CANCEL_MESSAGES.keep,
            hint: CHRISTMAS_STAFF_CANCEL_MESSAGES.keepHint(deadline),
          },
        ]}
      />
      <p className="mt-4 break-words text-ink-soft">
        {CHRISTMAS_STAFF_CANCEL_MESSAGES.guestEmailed(booking.email)}
      </p>
    </CancelQuestion>
  );
}
