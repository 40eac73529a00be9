import type { z } from 'zod';
import { formatMoney } from '#shared/money/money.ts';
import { paidToStaffNotRefundedOnline } from '#shared/money/taken-by-staff.ts';
import { occasionClosureRequestSchema, type StaffOccasionBooking } from '#shared/occasions/admin-api.ts';
import type { Diner, DinerChoiceRequest } from '#shared/occasions/api.ts';
import { dinerIssues } from '#shared/occasions/choices.ts';
import { PRE_ORDER_MESSAGES } from '#shared/occasions/pre-order-messages.ts';
import { NO_DISH, refundableUntil } from '#shared/occasions/rules.ts';
import type { Occasion, OccasionSitting } from '#shared/occasions/schema.ts';
import { paidToStaff } from '#shared/occasions/staff-payment.ts';
import { plural } from '#shared/text/plural.ts';
import { addDays, formatLongDate, formatTimeRange } from '#shared/time/london-time.ts';
import { ConfirmForm, nothingToCheck } from '#web/components/confirm-dialog.tsx';
import { ClosureReasonField } from '#web/features/booking/admin/closure-reason-field.tsx';
import { FormChoiceField, FormSelectField, FormTextAreaField, FormTextField } from '#web/forms/fields.tsx';
import { ruleResolver } from '#web/forms/rule-resolver.ts';
import { schemaResolver } from '#web/forms/schema-resolver.ts';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import * as api from './staff-occasions-api.ts';
import { refundText, STAFF_OCCASIONS_WORDS as WORDS } from './staff-occasions-words.ts';

type RefundChoice = api.StaffOccasionCancelRequest['refund'];

/**
 * Asks before staff cancel an occasion booking, saying what the occasion's terms do with what was paid: that is
 * chosen, and staff may do the other instead. Money staff took is settled at the till, as the server does it. The dialog stays open with the server's words if the cancel fails;
 * `onCancelled` gets the server's sentence of what was done.
 */
export function CancelOccasionBookingQuestion({
  occasion,
  booking,
  now = new Date(),
  onCancelled,
}: {
  occasion: Occasion;
  booking: StaffOccasionBooking;
  now?: Date;
  onCancelled: (message: string) => void;
}) {
  const beforeCutoff = refundableUntil(occasion, booking.date, now) !== null;
  const cutoffDay = addDays(booking.date, -occasion.refundDaysBefore);
  const paid = formatMoney(booking.paidPence);
  const question = useSiteForm<{ refund: RefundChoice }>({
    defaultValues: { refund: 'terms' },
    validate: nothingToCheck(),
    send: async ({ refund }) => {
      const answer = await api.cancelBooking(booking.id, refund);
      onCancelled(answer?.message || WORDS.cancelled(booking.name, booking.reference));
    },
    failure: WORDS.cancelFailed,
  });
  return (
    <ConfirmForm
      form={question}
      title="Cancel this booking?"
      confirmLabel="Cancel booking"
      busyLabel="Cancelling…"
      keepLabel="Keep booking"
      tone="danger"
    >
      <p className="mt-2 text-lg text-green-900">
        <strong className="break-words">{booking.name}</strong>, {booking.reference}: {booking.sittingLabel}{' '}
        on {formatLongDate(booking.date)}, {plural(booking.partySize, 'guest', 'guests')}.
      </p>
      {paidToStaff(booking) ? (
        <p className="mt-3 rounded-lg bg-cream-100 px-3 py-2 font-semibold text-green-900">
          {paidToStaffNotRefundedOnline(booking.paidPence)}
        </p>
      ) : booking.paidPence > 0 ? (
        <FormChoiceField<RefundChoice>
          name="refund"
          legend={`The ${paid} paid`}
          className="mt-4"
          choicesClassName="space-y-2"
          choices={[
            {
              value: 'terms',
              label: beforeCutoff ? `Refund ${paid}, as the terms say` : `Keep ${paid}, as the terms say`,
              hint: refundText(booking.paidPence, beforeCutoff, cutoffDay),
            },
            beforeCutoff
              ? { value: 'keep', label: `Keep the ${paid} all the same` }
              : { value: 'refund', label: `Refund ${paid} all the same` },
          ]}
        />
      ) : (
        <p className="mt-3 rounded-lg bg-cream-100 px-3 py-2 font-semibold text-green-900">
          {refundText(0, beforeCutoff, cutoffDay)}
        </p>
      )}
      {booking.email ? (
        <p className="mt-3 break-words text-ink-soft">The guest is e-mailed at {booking.email}.</p>
      ) : null}
    </ConfirmForm>
  );
}

/** Asks before closing one sitting of one date to online bookings, with a reason for the team. */
export function CloseOccasionSittingQuestion({
  slug,
  date,
  sitting,
  onClosed,
}: {
  slug: string;
  date: string;
  sitting: OccasionSitting;
  onClosed: (closure: api.OccasionClosure) => void;
}) {
  const question = useSiteForm<z.input<typeof occasionClosureRequestSchema>>({
    defaultValues: { date, sittingId: sitting.id, reason: '' },
    validate: schemaResolver(occasionClosureRequestSchema),
    send: async (values) => {
      const request = occasionClosureRequestSchema.parse(values);
      onClosed(await api.closeSitting(slug, request));
    },
    failure: WORDS.closeFailed,
  });
  return (
    <ConfirmForm
      form={question}
      title={`Close ${sitting.label} on ${formatLongDate(date)}?`}
      confirmLabel="Close sitting"
      busyLabel="Closing…"
      keepLabel="Keep open"
    >
      <p className="mt-2 text-ink-soft">
        Guests will no longer be able to book it online. Bookings already made stay as they are, and you can
        still add phone bookings here.
      </p>
      <ClosureReasonField placeholder="Fully booked by phone" />
    </ConfirmForm>
  );
}

/** A diner to change, or a new one for a party with places left. */
export interface DinerSubject {
  booking: StaffOccasionBooking;
  diner: Diner | null;
}

interface DinerValues {
  name: string;
  email: string;
  allergies: string;
  /** Course id → dish id; blank while not chosen. */
  choices: Record<string, string>;
}

function dinerRequest(values: DinerValues): DinerChoiceRequest {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    allergies: values.allergies.trim(),
    choices: Object.fromEntries(Object.entries(values.choices).filter(([, dishId]) => dishId !== '')),
  };
}

/**
 * Staff change a diner's dishes and allergies, or add a diner, as a guest asks by phone: allowed after the
 * order has locked. Each course offers its dishes, the default marked, and "No starter" when diners may go without it.
 */
export function DinerDishesQuestion({
  occasion,
  subject,
  onSaved,
}: {
  occasion: Occasion;
  subject: DinerSubject;
  onSaved: (name: string) => void;
}) {
  const { booking, diner } = subject;
  const question = useSiteForm<DinerValues>({
    defaultValues: {
      name: diner?.name ?? '',
      email: '',
      allergies: diner?.allergies ?? '',
      choices: Object.fromEntries(
        occasion.courses.map((course) => [course.id, diner?.choices[course.id] ?? '']),
      ),
    },
    validate: ruleResolver((values) => {
      const [issue] = dinerIssues(occasion, dinerRequest(values));
      return issue ? { field: issue.path as 'name', message: issue.message } : null;
    }),
    send: async (values) => {
      const request = dinerRequest(values);
      if (diner) await api.changeDiner(booking.id, diner.id, request);
      else await api.addDiner(booking.id, request);
      onSaved(request.name);
    },
    failure: WORDS.dinerFailed,
  });
  return (
    <ConfirmForm
      form={question}
      title={diner ? `Change ${diner.name}’s dishes` : 'Add a diner'}
      confirmLabel="Save dishes"
      busyLabel="Saving…"
      keepLabel="Leave as it is"
    >
      <p className="mt-2 text-ink-soft">
        {booking.name}’s party, {booking.reference}
        {booking.locked ? ': the order has locked, so only staff can change it now.' : '.'}
      </p>
      <div className="mt-5 space-y-4">
        <FormTextField name="name" label="Diner’s name" required maxLength={80} autoComplete="off" />
        {diner ? null : (
          <FormTextField
            name="email"
            label="Diner’s e-mail"
            type="email"
            maxLength={254}
            autoComplete="off"
            hint="Optional: a diner who gives one is reminded before the deadline."
          />
        )}
        {occasion.courses.map((course) => (
          <FormSelectField key={course.id} name={`choices.${course.id}`} label={course.name}>
            <option value="">Not chosen yet</option>
            {course.dishes.map((dish) => (
              <option key={dish.id} value={dish.id}>
                {dish.name}
                {dish.id === course.defaultDishId ? ' (default)' : ''}
                {dish.supplementPence > 0 ? ` +${formatMoney(dish.supplementPence)}` : ''}
              </option>
            ))}
            {course.optional ? (
              <option value={NO_DISH}>{PRE_ORDER_MESSAGES.withoutCourse(course.name)}</option>
            ) : null}
          </FormSelectField>
        ))}
        <FormTextAreaField name="allergies" label="Allergies" rows={2} maxLength={500} />
      </div>
    </ConfirmForm>
  );
}

/** "Dinner · 7pm–10:30pm": a sitting as the screen names it. */
export function sittingName(sitting: OccasionSitting): string {
  return `${sitting.label} · ${formatTimeRange(sitting.start, sitting.end)}`;
}
