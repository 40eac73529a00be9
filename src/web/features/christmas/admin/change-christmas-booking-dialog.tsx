import { guestCountFromInput, partyText, partyToShow } from '#shared/booking/party.ts';
import { balanceDuePence, christmasAmounts } from '#shared/christmas/amounts.ts';
import { countsFromSelections, type DishCounts, selectionsFromCounts } from '#shared/christmas/courses.ts';
import type { ChristmasStaffChange, StoredChristmasBooking } from '#shared/christmas/schemas.ts';
import type { ChristmasSeason } from '#shared/christmas/season-schema.ts';
import {
  checkChristmasStaffChange,
  CHRISTMAS_STAFF_CHANGE_MESSAGES as WORDS,
} from '#shared/christmas/staff-change.ts';
import { formatMoney } from '#shared/money/money.ts';
import { plural } from '#shared/text/plural.ts';
import { ConfirmDialog, ConfirmForm } from '#web/components/confirm-dialog.tsx';
import { ruleResolver } from '#web/forms/rule-resolver.ts';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import * as api from './api.ts';
import { FormCourseCounters, FormOrderNotes, FormPartyFields } from './order-fields.tsx';

interface ChangeValues extends DishCounts {
  partyAdults: string;
  partyChildren: string;
  allergies: string;
  occasionNotes: string;
  specialNotes: string;
}

function valuesOf(booking: StoredChristmasBooking): ChangeValues {
  return {
    partyAdults: String(booking.partyAdults),
    partyChildren: String(booking.partyChildren),
    ...countsFromSelections(booking.selections),
    allergies: booking.allergies,
    occasionNotes: booking.occasionNotes,
    specialNotes: booking.specialNotes,
  };
}

function changeOf(values: ChangeValues): ChristmasStaffChange {
  return {
    partyAdults: guestCountFromInput(values.partyAdults),
    partyChildren: guestCountFromInput(values.partyChildren),
    selections: selectionsFromCounts(values),
    allergies: values.allergies.trim(),
    occasionNotes: values.occasionNotes.trim(),
    specialNotes: values.specialNotes.trim(),
  };
}

/**
 * Staff change a confirmed booking's party, dishes and notes as the guest asks by phone, in a `ConfirmDialog`:
 * prefilled from the booking, checked as typed by the shared rule the server runs, with the new total and what
 * is left to pay on the day. Its own chunk, loaded when staff first change a booking.
 */
export function ChangeChristmasBookingDialog({
  booking,
  season,
  onKeep,
  onChanged,
}: {
  booking: StoredChristmasBooking;
  season: ChristmasSeason;
  onKeep: () => void;
  /** The booking is changed: what to tell staff. */
  onChanged: (message: string) => void;
}) {
  return (
    <ConfirmDialog
      subject={booking}
      onKeep={onKeep}
      className="card max-h-[calc(100dvh-2rem)] w-full max-w-xl overflow-y-auto p-4 sm:p-6"
    >
      {(subject) => <ChangeQuestion booking={subject} season={season} onChanged={onChanged} />}
    </ConfirmDialog>
  );
}

function ChangeQuestion({
  booking,
  season,
  onChanged,
}: {
  booking: StoredChristmasBooking;
  season: ChristmasSeason;
  onChanged: (message: string) => void;
}) {
  const question = useSiteForm<ChangeValues>({
    defaultValues: valuesOf(booking),
    validate: ruleResolver((values) =>
      checkChristmasStaffChange(changeOf(values), season, booking.depositPaidPence),
    ),
    send: async (values) => {
      onChanged(WORDS.changed(await api.changeChristmasBooking(booking._id, changeOf(values))));
    },
    failure: WORDS.failed,
  });
  const values = question.form.watch();
  const party = partyToShow(
    guestCountFromInput(values.partyAdults),
    guestCountFromInput(values.partyChildren),
  );
  const { guests, totalPence } = christmasAmounts(
    { ...party, selections: selectionsFromCounts(values) },
    season,
  );

  return (
    <ConfirmForm
      form={question}
      title={WORDS.title(booking.name)}
      confirmLabel={WORDS.confirm}
      busyLabel={WORDS.busy}
      keepLabel={WORDS.keep}
    >
      <p className="mt-2 text-green-900">
        {booking.reference}: {booking.sittingLabel}, now{' '}
        {partyText(booking.partyAdults, booking.partyChildren)}. {WORDS.intro}
      </p>
      <FormPartyFields className="mt-5 grid grid-cols-2 gap-4" />
      <FormCourseCounters season={season} guests={guests} className="mt-5 space-y-4" />
      <FormOrderNotes className="mt-5 space-y-4" />
      <p className="mt-5 text-ink-soft" aria-live="polite">
        <strong className="text-green-900">{plural(guests, 'guest', 'guests')}</strong>
        {guests > 0 ? (
          <>
            {' '}
            · total {formatMoney(totalPence)} · {formatMoney(booking.depositPaidPence)} paid ·{' '}
            <strong className="text-green-900">
              {formatMoney(balanceDuePence({ totalPence, depositPaidPence: booking.depositPaidPence }))} to
              pay on the day
            </strong>
          </>
        ) : null}
      </p>
      <p className="mt-4 break-words text-ink-soft">
        {booking.email ? WORDS.guestEmailed(booking.email) : WORDS.noEmail}
      </p>
    </ConfirmForm>
  );
}
