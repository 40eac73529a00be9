import { useWatch } from 'react-hook-form';
import { guestCountFromInput } from '#shared/booking/party.ts';
import { formatMoney } from '#shared/money/money.ts';
import { paidToStaffNotRefundedOnline } from '#shared/money/taken-by-staff.ts';
import type { StaffOccasionBooking } from '#shared/occasions/admin-api.ts';
import type { Diner, DinerChoiceRequest } from '#shared/occasions/api.ts';
import { dinerIssues } from '#shared/occasions/choices.ts';
import {
  changedPartyPricePence,
  countsTickets,
  namedDiners,
  PARTY_CHANGE_MESSAGES,
  partyChangeProblem,
  partySizeWords,
  partyWords,
} from '#shared/occasions/party-change.ts';
import { PRE_ORDER_MESSAGES } from '#shared/occasions/pre-order-messages.ts';
import { leftToPayPence, NO_DISH, refundableUntil } from '#shared/occasions/rules.ts';
import type { Occasion, OccasionSitting } from '#shared/occasions/schema.ts';
import { paidToStaff } from '#shared/occasions/staff-payment.ts';
import { addDays, formatLongDate, formatTimeRange } from '#shared/time/london-time.ts';
import { ConfirmForm, nothingToCheck } from '#web/components/confirm-dialog.tsx';
import { useVenue } from '#web/features/content/site-content.tsx';
import { FormChoiceField, FormSelectField, FormTextAreaField, FormTextField } from '#web/forms/fields.tsx';
import { ruleResolver } from '#web/forms/rule-resolver.ts';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import { FormOccasionPartyCounts } from './party-count-fields.tsx';
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
        on {formatLongDate(booking.date)}, {partySizeWords(occasion, booking.partySize)}.
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

/** A diner to change, or a new one for a party with places left. */
export interface DinerSubject {
  booking: StaffOccasionBooking;
  diner: Diner | null;
}

interface DinerValues {
  name: string;
  email: string;
  allergies: string;
  /** Course id → dish id; blank until staff choose one, as every course must be. */
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
          <FormSelectField key={course.id} name={`choices.${course.id}`} label={course.name} required>
            <option value="" disabled>
              {PRE_ORDER_MESSAGES.chooseCourse(course.name)}
            </option>
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

interface PartyValues {
  adults: string;
  children: string;
}

function partyOf(values: PartyValues) {
  return { adults: guestCountFromInput(values.adults), children: guestCountFromInput(values.children) };
}

/** The new party's price and what would be left to pay on the day, as the numbers are typed. */
function ChangedPrice({ occasion, booking }: { occasion: Occasion; booking: StaffOccasionBooking }) {
  const [adults, children] = useWatch<PartyValues, ['adults', 'children']>({ name: ['adults', 'children'] });
  const party = partyOf({ adults, children });
  const whole = Number.isInteger(party.adults) && Number.isInteger(party.children);
  if (!whole || party.adults < 1 || party.children < 0) return null;
  const totalPence = changedPartyPricePence(
    occasion,
    { partyAdults: booking.adults, partyChildren: booking.children, totalPence: booking.totalPence },
    party,
  );
  const left = leftToPayPence({ totalPence, paidPence: booking.paidPence }, booking.supplementsPence);
  return (
    <p className="rounded-lg bg-cream-100 px-3.5 py-2.5" aria-live="polite">
      <strong className="text-green-900">{partyWords(occasion, party)}</strong> · {formatMoney(totalPence)} ·{' '}
      {formatMoney(booking.paidPence)} paid · {formatMoney(left)} left to pay on the day
    </p>
  );
}

/**
 * Staff change a confirmed party's numbers, as the organiser asks by phone: no money moves, what is paid stays
 * with the booking and the organiser is e-mailed what is left to pay. The shared rule checks it as typed; the
 * server checks the seats too.
 */
export function ChangePartyQuestion({
  occasion,
  booking,
  onChanged,
}: {
  occasion: Occasion;
  booking: StaffOccasionBooking;
  onChanged: (message: string) => void;
}) {
  const venue = useVenue();
  const tickets = countsTickets(occasion);
  const question = useSiteForm<PartyValues>({
    defaultValues: { adults: String(booking.adults), children: String(booking.children) },
    validate: ruleResolver((values) =>
      partyChangeProblem(
        occasion,
        {
          ...booking,
          partyAdults: booking.adults,
          partyChildren: booking.children,
          diners: namedDiners(booking.diners),
        },
        partyOf(values),
        { phone: venue.phone },
      ),
    ),
    send: async (values) => {
      const changed = await api.changeParty(booking.id, partyOf(values));
      onChanged(
        PARTY_CHANGE_MESSAGES.changed(
          changed.name,
          partyWords(occasion, { adults: changed.adults, children: changed.children }),
        ),
      );
    },
    failure: WORDS.partyFailed,
  });
  return (
    <ConfirmForm
      form={question}
      title={`Change ${booking.name}’s ${tickets ? 'tickets' : 'party'}`}
      confirmLabel={tickets ? 'Save tickets' : 'Save party'}
      busyLabel="Saving…"
      keepLabel="Leave as it is"
    >
      <p className="mt-2 text-lg text-green-900">
        {booking.reference}: {booking.sittingLabel} on {formatLongDate(booking.date)}, now{' '}
        {partyWords(occasion, { adults: booking.adults, children: booking.children })}.
      </p>
      <div className="mt-5">
        <FormOccasionPartyCounts occasion={occasion} />
      </div>
      <div className="mt-4">
        <ChangedPrice occasion={occasion} booking={booking} />
      </div>
      {booking.email ? (
        <p className="mt-3 break-words text-ink-soft">The organiser is e-mailed at {booking.email}.</p>
      ) : null}
    </ConfirmForm>
  );
}

/** Asks before taking a diner off a party (someone who can no longer come), their dishes with them. */
export function RemoveDinerQuestion({
  occasion,
  subject,
  onRemoved,
}: {
  occasion: Occasion;
  subject: { booking: StaffOccasionBooking; diner: Diner };
  onRemoved: (message: string) => void;
}) {
  const { booking, diner } = subject;
  const question = useSiteForm<Record<string, never>>({
    defaultValues: {},
    validate: nothingToCheck(),
    send: async () => {
      await api.removeDiner(booking.id, diner.id);
      onRemoved(PARTY_CHANGE_MESSAGES.dinerRemoved(diner.name));
    },
    failure: WORDS.removeDinerFailed,
  });
  return (
    <ConfirmForm
      form={question}
      title={`Take ${diner.name} off the party?`}
      confirmLabel="Take off"
      busyLabel="Taking off…"
      keepLabel="Keep diner"
      tone="danger"
    >
      <p className="mt-2 text-ink-soft">
        Their dishes come off the kitchen’s sheets. The party stays at{' '}
        {partyWords(occasion, { adults: booking.adults, children: booking.children })}: change the{' '}
        {countsTickets(occasion) ? 'tickets' : 'party’s numbers'} too if they are not coming.
      </p>
    </ConfirmForm>
  );
}

/** "Dinner · 7pm–10:30pm": a sitting as the screen names it. */
export function sittingName(sitting: OccasionSitting): string {
  return `${sitting.label} · ${formatTimeRange(sitting.start, sitting.end)}`;
}
