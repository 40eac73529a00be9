import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { guestCountFromInput } from '#shared/booking/party.ts';
import { formatMoney } from '#shared/money/money.ts';
import type { StaffPaymentMethod } from '#shared/money/taken-by-staff.ts';
import { type StaffOccasionBooking, staffOccasionBookingRequestSchema } from '#shared/occasions/admin-api.ts';
import { occasionBookingProblem } from '#shared/occasions/booking-rules.ts';
import { partyWords } from '#shared/occasions/party-change.ts';
import { amountDuePence, isTicketed, partyPricePence } from '#shared/occasions/rules.ts';
import type { Occasion } from '#shared/occasions/schema.ts';
import { staffPaymentNoun, staffPaymentProblem } from '#shared/occasions/staff-payment.ts';
import { formatLongDate } from '#shared/time/london-time.ts';
import { useVenue } from '#web/features/content/site-content.tsx';
import { Notice } from '#web/features/staff/notice.tsx';
import { FormContactFields, FormNotesField } from '#web/forms/field-groups.tsx';
import { FormChoiceField, FormSelectField } from '#web/forms/fields.tsx';
import { type RuleProblem, ruleResolver } from '#web/forms/rule-resolver.ts';
import { FormError, SiteForm, SubmitButton } from '#web/forms/site-form.tsx';
import { FormStaffPaymentField } from '#web/forms/staff-payment-field.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import { FormPartyNotesFields } from '../party-notes-fields.tsx';
import { FormOccasionPartyCounts } from './party-count-fields.tsx';
import * as api from './staff-occasions-api.ts';
import { sittingName } from './staff-occasions-dialogs.tsx';
import { STAFF_OCCASIONS_WORDS as WORDS } from './staff-occasions-words.ts';

/** The form's values, named as the request names them so the server's problems land on their fields. */
interface PhoneBookingValues {
  date: string;
  sittingId: string;
  adults: string;
  children: string;
  name: string;
  phone: string;
  email: string;
  allergies: string;
  occasionNotes: string;
  notes: string;
  /** How staff took what the occasion asks ahead; blank until they choose. */
  paymentMethod: StaffPaymentMethod | '';
}

type Field = keyof PhoneBookingValues;

const EMPTY_GUEST = {
  adults: '',
  children: '',
  name: '',
  phone: '',
  email: '',
  allergies: '',
  occasionNotes: '',
  notes: '',
  paymentMethod: '',
} satisfies Omit<PhoneBookingValues, 'date' | 'sittingId'>;

function requestOf(values: PhoneBookingValues): api.StaffOccasionBookingRequest {
  return {
    date: values.date,
    sittingId: values.sittingId,
    adults: guestCountFromInput(values.adults),
    children: guestCountFromInput(values.children),
    name: values.name.trim(),
    phone: values.phone.trim(),
    email: values.email.trim(),
    allergies: values.allergies.trim(),
    occasionNotes: values.occasionNotes.trim(),
    notes: values.notes.trim(),
    paymentMethod: values.paymentMethod === '' ? null : values.paymentMethod,
  };
}

/**
 * The first thing to fix: the booking rule the server runs for staff (the date and sitting, the party, the
 * guest's name and a phone or an e-mail), then how staff took what is due ahead and the request's schema.
 */
function phoneBookingProblem(
  values: PhoneBookingValues,
  occasion: Occasion,
  pubPhone: string,
): RuleProblem<Field> | null {
  const request = requestOf(values);
  const ruled = occasionBookingProblem(occasion, request, { now: new Date(), phone: pubPhone, by: 'staff' });
  if (ruled) return { field: ruled.field, message: ruled.message };
  const payment = staffPaymentProblem(occasion, request, request.paymentMethod);
  if (payment) return { field: 'paymentMethod', message: payment };
  const parsed = staffOccasionBookingRequestSchema.safeParse(request);
  if (parsed.success) return null;
  const [issue] = parsed.error.issues;
  return {
    field: (issue?.path[0] as Field | undefined) ?? null,
    message: issue?.message ?? WORDS.bookFailed,
  };
}

/** What the party comes to, and what the occasion asks to be paid ahead. */
function PartyPrice({ occasion }: { occasion: Occasion }) {
  const [adults, children] = useWatch<PhoneBookingValues, ['adults', 'children']>({
    name: ['adults', 'children'],
  });
  const party = { adults: guestCountFromInput(adults), children: guestCountFromInput(children) };
  const guests = party.adults + party.children;
  if (!Number.isInteger(guests) || guests <= 0) return null;
  const due = amountDuePence(occasion, party);
  return (
    <p className="rounded-lg bg-cream-100 px-3.5 py-2.5" aria-live="polite">
      <strong className="text-green-900">{partyWords(occasion, party)}</strong> ·{' '}
      {formatMoney(partyPricePence(occasion, party))}
      {due > 0 ? ` · ${formatMoney(due)} due ahead` : ''}
    </p>
  );
}

/** How staff took the deposit or the price the occasion asks ahead, its amount once the party is typed. */
function PaymentChoice({ occasion }: { occasion: Occasion }) {
  const [adults, children] = useWatch<PhoneBookingValues, ['adults', 'children']>({
    name: ['adults', 'children'],
  });
  const party = { adults: guestCountFromInput(adults), children: guestCountFromInput(children) };
  const guests = party.adults + party.children;
  const due = Number.isInteger(guests) && guests > 0 ? amountDuePence(occasion, party) : 0;
  return (
    <FormStaffPaymentField
      name="paymentMethod"
      noun={staffPaymentNoun(occasion.payment.kind)}
      duePence={due}
    />
  );
}

/**
 * A party booked by phone or at the bar: the date and sitting, the party, the guest and what they paid. Confirmed
 * at once; each problem under its field, the server's too.
 */
export function PhoneBookingForm({
  occasion,
  dates,
  date,
  sittingId,
  sittingHint,
  onBooked,
}: {
  occasion: Occasion;
  /** The dates staff may book: those of the occasion still to come. */
  dates: readonly string[];
  date: string;
  sittingId: string;
  /** What the screen knows of a sitting of a date (its seats left, closed online), shown under its name. */
  sittingHint: (date: string, sittingId: string) => string | undefined;
  onBooked: (booking: StaffOccasionBooking) => void;
}) {
  const id = useId();
  const venue = useVenue();
  const [booked, setBooked] = useState<StaffOccasionBooking | null>(null);
  const ticketed = isTicketed(occasion);
  const form = useSiteForm<PhoneBookingValues>({
    defaultValues: { ...EMPTY_GUEST, date, sittingId },
    validate: ruleResolver((values) => phoneBookingProblem(values, occasion, venue.phone)),
    send: async (values) => {
      setBooked(null);
      const saved = await api.createPhoneBooking(occasion.slug, requestOf(values));
      form.form.reset({ ...EMPTY_GUEST, date: values.date, sittingId: values.sittingId });
      setBooked(saved);
      onBooked(saved);
    },
    failure: WORDS.bookFailed,
  });
  const chosenDate = form.form.watch('date');

  return (
    <section aria-labelledby={`${id}-title`} className="card p-4 sm:p-6">
      <h2 id={`${id}-title`} className="font-serif text-2xl sm:text-3xl">
        Add a phone booking
      </h2>
      <p className="mt-1 text-ink-soft">Confirmed at once. The guest is e-mailed when you give an address.</p>
      <SiteForm form={form} aria-label="New phone booking" className="mt-5 space-y-5">
        <FormSelectField name="date" label="Date" required>
          {dates.map((day) => (
            <option key={day} value={day}>
              {formatLongDate(day)}
            </option>
          ))}
        </FormSelectField>
        <FormChoiceField
          name="sittingId"
          legend="Sitting"
          required
          choicesClassName="grid gap-2 sm:grid-cols-2"
          choices={occasion.sittings.map((sitting) => ({
            value: sitting.id,
            label: sittingName(sitting),
            hint: sittingHint(chosenDate, sitting.id),
          }))}
        />
        <FormOccasionPartyCounts occasion={occasion} />
        <PartyPrice occasion={occasion} />
        <FormContactFields typedByStaff emailHint="Give one so the guest gets the booking and their link." />
        <FormPartyNotesFields ticketed={ticketed} typedByStaff />
        <FormNotesField maxLength={500} />
        {occasion.payment.kind === 'none' ? null : <PaymentChoice occasion={occasion} />}
        <FormError />
        {booked ? <Notice tone="success">{WORDS.booked(booked, occasion)}</Notice> : null}
        <SubmitButton className="btn-dark min-h-12 w-full sm:w-auto" busyLabel="Booking…">
          Add booking
        </SubmitButton>
      </SiteForm>
    </section>
  );
}
