import { CHRISTMAS_ADMIN_FAILURES } from '#shared/christmas/admin.ts';
import { CHRISTMAS_STAFF_CANCEL_MESSAGES, refundDeadlineText } from '#shared/christmas/manage.ts';
import type { ChristmasStatusChange, StoredChristmasBooking } from '#shared/christmas/schemas.ts';
import { formatMoney } from '#shared/money/money.ts';
import { plural } from '#shared/text/plural.ts';
import { ConfirmForm } from '#web/components/confirm-dialog.tsx';
import { useChristmasDay } from '#web/features/content/site-content.tsx';
import { FormChoiceField } from '#web/forms/fields.tsx';
import { ruleResolver } from '#web/forms/rule-resolver.ts';
import { useSiteForm } from '#web/forms/use-site-form.ts';

export type DepositChoice = NonNullable<ChristmasStatusChange['deposit']>;

/**
 * Asks staff cancelling an online Christmas booking whether to refund or keep its deposit (issue 18), in a
 * `ConfirmDialog`, with what the terms say of each; nothing is chosen for them. The guest is e-mailed either way.
 */
export function CancelChristmasBookingQuestion({
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
    <ConfirmForm
      form={question}
      title={CHRISTMAS_STAFF_CANCEL_MESSAGES.title}
      confirmLabel={CHRISTMAS_STAFF_CANCEL_MESSAGES.confirm}
      busyLabel="Cancelling…"
      keepLabel={CHRISTMAS_STAFF_CANCEL_MESSAGES.dontCancel}
      tone="danger"
    >
      <p className="mt-2 text-lg text-green-900">
        <strong className="break-words">{booking.name}</strong>, {booking.reference}: {booking.sittingLabel},{' '}
        {plural(booking.partySize, 'guest', 'guests')}. Deposit paid {amount}.
      </p>
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
    </ConfirmForm>
  );
}
