import { useId, useState } from 'react';
import { guestCountFromInput, partyToShow } from '#shared/booking/party.ts';
import { CHRISTMAS_ADMIN_FAILURES } from '#shared/christmas/admin.ts';
import { christmasAmounts } from '#shared/christmas/amounts.ts';
import { selectionsFromCounts } from '#shared/christmas/courses.ts';
import { CHRISTMAS_ADMIN_MESSAGES } from '#shared/christmas/messages.ts';
import type {
  ChristmasAdminBookingRequest,
  ChristmasSeatsOverview,
  StoredChristmasBooking,
} from '#shared/christmas/schemas.ts';
import type { ChristmasSeason } from '#shared/christmas/season-schema.ts';
import { sittingTimes } from '#shared/christmas/sittings.ts';
import { checkChristmasAdminBooking } from '#shared/christmas/validation.ts';
import { formatMoney } from '#shared/money/money.ts';
import {
  isStaffPaymentMethod,
  type StaffPaymentMethod,
  staffPaidPence,
} from '#shared/money/taken-by-staff.ts';
import { plural } from '#shared/text/plural.ts';
import { Notice } from '#web/features/staff/notice.tsx';
import { FormContactFields } from '#web/forms/field-groups.tsx';
import { FormSelectField } from '#web/forms/fields.tsx';
import { ruleResolver } from '#web/forms/rule-resolver.ts';
import { FormError, SiteForm, SubmitButton } from '#web/forms/site-form.tsx';
import { FormStaffPaymentField } from '#web/forms/staff-payment-field.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import * as api from './api.ts';
import { FormCourseCounters, FormOrderNotes, FormPartyFields } from './order-fields.tsx';

interface PhoneBookingValues {
  name: string;
  phone: string;
  email: string;
  sittingId: string;
  partyAdults: string;
  partyChildren: string;
  /** Each course's dishes: how many of each, by menu id. */
  starters: Record<string, number>;
  mains: Record<string, number>;
  desserts: Record<string, number>;
  allergies: string;
  occasionNotes: string;
  specialNotes: string;
  depositMethod: StaffPaymentMethod | '';
}

const EMPTY_FORM: PhoneBookingValues = {
  name: '',
  phone: '',
  email: '',
  sittingId: '',
  partyAdults: '',
  partyChildren: '',
  starters: {},
  mains: {},
  desserts: {},
  allergies: '',
  occasionNotes: '',
  specialNotes: '',
  depositMethod: '',
};

/** The booking as the API takes it, but for the deposit method, which is blank until staff choose. */
type PhoneBookingPayload = Omit<ChristmasAdminBookingRequest, 'depositMethod'> &
  Pick<PhoneBookingValues, 'depositMethod'>;

function requestOf(values: PhoneBookingValues): PhoneBookingPayload {
  return {
    sittingId: values.sittingId,
    name: values.name.trim(),
    phone: values.phone.trim(),
    email: values.email.trim(),
    partyAdults: guestCountFromInput(values.partyAdults),
    partyChildren: guestCountFromInput(values.partyChildren),
    selections: selectionsFromCounts({
      starters: values.starters,
      mains: values.mains,
      desserts: values.desserts,
    }),
    allergies: values.allergies.trim(),
    occasionNotes: values.occasionNotes.trim(),
    specialNotes: values.specialNotes.trim(),
    depositMethod: values.depositMethod,
  };
}

function seatsText(seats: ChristmasSeatsOverview | null, sittingId: keyof ChristmasSeatsOverview): string {
  const sitting = seats?.[sittingId];
  if (!sitting) return '';
  const left = sitting.remaining <= 0 ? 'full' : `${sitting.remaining} left`;
  return ` — ${left}${sitting.closed ? ', closed online' : ''}`;
}

function SittingSelect({ season, seats }: { season: ChristmasSeason; seats: ChristmasSeatsOverview | null }) {
  return (
    <FormSelectField name="sittingId" label="Sitting" required>
      <option value="">Choose a sitting</option>
      {season.sittings.map((sitting) => (
        <option key={sitting.id} value={sitting.id}>
          {sittingTimes(sitting)}
          {seatsText(seats, sitting.id)}
        </option>
      ))}
    </FormSelectField>
  );
}

/**
 * A phone or walk-in booking (spec §2, §5 "Christmas admin create" as issue 27 changed it): the guest's name and
 * a phone number or an e-mail address, the sitting, the party, the courses as a guest's own pre-order, and how
 * the deposit was taken; stored CONFIRMED, and e-mailed to the guest when there is an address. Checked by the
 * shared rule the server runs, each problem under its field.
 */
export function PhoneBookingForm({
  season,
  seats,
  onCreated,
}: {
  season: ChristmasSeason;
  seats: ChristmasSeatsOverview | null;
  onCreated: (booking: StoredChristmasBooking) => void;
}) {
  const id = useId();
  const [created, setCreated] = useState<StoredChristmasBooking | null>(null);
  const booking = useSiteForm<PhoneBookingValues>({
    defaultValues: EMPTY_FORM,
    validate: ruleResolver((values) => {
      const problem = checkChristmasAdminBooking(requestOf(values), season, null);
      if (!problem) return null;
      return { field: problem.field === 'session' ? 'sittingId' : problem.field, message: problem.message };
    }),
    send: async (values) => {
      setCreated(null);
      // The rule has passed, so the deposit method is one of the methods.
      const stored = await api.createChristmasBooking(requestOf(values) as ChristmasAdminBookingRequest);
      booking.form.reset();
      setCreated(stored);
      onCreated(stored);
    },
    failure: CHRISTMAS_ADMIN_FAILURES.create,
  });

  const values = booking.form.watch();
  const party = partyToShow(
    guestCountFromInput(values.partyAdults),
    guestCountFromInput(values.partyChildren),
  );
  const { selections } = requestOf(values);
  const { guests, totalPence, depositPence, cheeseBoards } = christmasAmounts(
    { ...party, selections },
    season,
  );
  const paidNow = isStaffPaymentMethod(values.depositMethod)
    ? staffPaidPence(values.depositMethod, depositPence)
    : 0;

  return (
    <section aria-labelledby={`${id}-title`} className="card p-4 sm:p-6">
      <h2 id={`${id}-title`} className="font-serif text-2xl sm:text-3xl">
        New phone or walk-in booking
      </h2>
      <p className="mt-1 text-ink-soft">{CHRISTMAS_ADMIN_MESSAGES.intro}</p>
      <SiteForm form={booking} aria-label="New Christmas booking" className="mt-5 space-y-6">
        <div className="grid gap-4 lg:grid-cols-3">
          <div className="space-y-4 lg:col-span-2">
            <FormContactFields typedByStaff emailHint={CHRISTMAS_ADMIN_MESSAGES.emailHint} />
          </div>
          <SittingSelect season={season} seats={seats} />
        </div>

        <div className="flex flex-wrap items-end gap-x-6 gap-y-4">
          <FormPartyFields className="grid w-full grid-cols-2 gap-4 sm:w-72" />
          <p className="pb-2.5 text-ink-soft" aria-live="polite">
            <strong className="text-green-900">{plural(guests, 'guest', 'guests')}</strong>
            {guests > 0 ? (
              <>
                {' '}
                · {formatMoney(totalPence - paidNow)} to pay on the day
                {cheeseBoards > 0 ? ` (with ${plural(cheeseBoards, 'cheese board', 'cheese boards')})` : ''}
              </>
            ) : null}
          </p>
        </div>

        <FormCourseCounters season={season} guests={guests} className="grid gap-4 lg:grid-cols-3" />

        <FormOrderNotes className="grid gap-4 md:grid-cols-3" />

        <FormStaffPaymentField name="depositMethod" noun="deposit" duePence={guests > 0 ? depositPence : 0} />

        <FormError />
        {created ? <Notice tone="success">{CHRISTMAS_ADMIN_MESSAGES.created(created)}</Notice> : null}
        <SubmitButton className="btn-dark w-full sm:w-auto" busyLabel="Adding…">
          Add booking
        </SubmitButton>
      </SiteForm>
    </section>
  );
}
