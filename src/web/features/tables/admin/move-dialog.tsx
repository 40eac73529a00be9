import { seatingTimes, serviceLabel, servicesOn } from '#shared/booking/rules.ts';
import type { StoredBooking } from '#shared/booking/schemas.ts';
import type { BookingSettings } from '#shared/booking/settings.ts';
import type { SpecialDate } from '#shared/content/schemas.ts';
import type { TablesDayAnswer, TablesDayBooking } from '#shared/tables/day.ts';
import { refusalText, TABLES_MESSAGES } from '#shared/tables/messages.ts';
import { formatTime } from '#shared/time/london-time.ts';
import { ConfirmDialog, ConfirmForm } from '#web/components/confirm-dialog.tsx';
import { changeBooking } from '#web/features/booking/admin/api.ts';
import { BOOKING_CHANGE_MESSAGES } from '#web/features/booking/admin/booking-change-messages.ts';
import { FormNotifyGuest } from '#web/features/booking/admin/staff-booking-fields.tsx';
import { FormChoiceField, FormSelectField } from '#web/forms/fields.tsx';
import { ruleResolver } from '#web/forms/rule-resolver.ts';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import { FLOOR_MESSAGES } from './floor-messages.ts';
import { clockTime, placeOf, placesForMove } from './floor-model.ts';
import { seatsText } from './floor-parts.tsx';

interface MoveValues {
  placeId: string;
  timeSlot: string;
  notifyGuest: boolean;
}

interface MoveContext {
  day: TablesDayAnswer;
  settings: BookingSettings;
  specialDates: readonly SpecialDate[];
}

/** The times staff may move a booking to: the date's seating times of each service, and its own. */
function timeChoices(booking: TablesDayBooking, { day, settings, specialDates }: MoveContext) {
  const groups = servicesOn(day.date, settings).map((service) => ({
    label: serviceLabel(service, day.date),
    times: seatingTimes(service, day.date, settings, specialDates),
  }));
  const listed = groups.some((group) => group.times.includes(booking.timeSlot));
  return listed ? groups : [{ label: 'Now', times: [booking.timeSlot] }, ...groups];
}

/**
 * Staff move a booking to another table, join or time (issue 28): every place of the layout, the free ones to
 * choose and the others with the rule that refuses them then, as the shared engine sees the day; the server
 * checks again and its refusal shows above the buttons.
 */
function MoveBookingForm({
  booking,
  context,
  onMoved,
}: {
  booking: TablesDayBooking;
  context: MoveContext;
  onMoved: (message: string, saved: StoredBooking) => void;
}) {
  const { day, settings } = context;
  const current = placeOf(day.layout, booking.tables);
  const checksAt = (timeSlot: string) => placesForMove(day, booking, timeSlot, settings);
  const move = useSiteForm<MoveValues>({
    defaultValues: { placeId: current?.id ?? '', timeSlot: booking.timeSlot, notifyGuest: false },
    validate: ruleResolver((values) => {
      const free = checksAt(values.timeSlot).some(
        (check) => check.place.id === values.placeId && check.refusal === null,
      );
      if (!free) return { field: 'placeId', message: FLOOR_MESSAGES.chooseFree };
      if (values.placeId === current?.id && values.timeSlot === booking.timeSlot)
        return { field: null, message: FLOOR_MESSAGES.unchanged };
      return null;
    }),
    send: async (values) => {
      const retimed = values.timeSlot !== booking.timeSlot;
      const saved = await changeBooking(booking.id, {
        placeId: values.placeId,
        ...(retimed ? { timeSlot: values.timeSlot } : {}),
        notifyGuest: retimed && values.notifyGuest,
      });
      const place = checksAt(values.timeSlot).find((check) => check.place.id === values.placeId)?.place;
      onMoved(FLOOR_MESSAGES.moved(booking.name, place?.name ?? '', formatTime(values.timeSlot)), saved);
    },
    failure: FLOOR_MESSAGES.moveFailed,
  });
  const timeSlot = move.form.watch('timeSlot');
  const checks = checksAt(timeSlot);
  const free = checks.filter((check) => check.refusal === null);
  const at = formatTime(timeSlot);

  return (
    <ConfirmForm
      form={move}
      title={`Move ${booking.name}, ${booking.guests}`}
      confirmLabel="Move booking"
      busyLabel="Moving…"
      keepLabel="Keep as it was"
    >
      <p className="mt-2 text-ink-soft">
        Now {clockTime(booking.start)} to {clockTime(booking.end)},{' '}
        {current?.name ?? FLOOR_MESSAGES.notPlaced}.
      </p>
      <div className="mt-5 space-y-5">
        <FormSelectField name="timeSlot" label="Time">
          {timeChoices(booking, context).map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.times.map((time) => (
                <option key={time} value={time}>
                  {formatTime(time)}
                </option>
              ))}
            </optgroup>
          ))}
        </FormSelectField>
        {free.length > 0 ? (
          <FormChoiceField
            name="placeId"
            legend={`Free at ${at}`}
            choices={free.map(({ place }) => ({
              value: place.id,
              label: place.name,
              hint: [
                place.id === current?.id ? 'Where it is now' : null,
                seatsText(place),
                booking.guests < place.minCovers ? 'fewer than it is meant for' : null,
              ]
                .filter(Boolean)
                .join(' · '),
            }))}
          />
        ) : (
          <p role="status" className="font-semibold text-burgundy-800">
            {TABLES_MESSAGES.noPlace}
          </p>
        )}
        {checks.length > free.length ? (
          <div>
            <h3 className="font-sans text-base font-semibold">Not free at {at}</h3>
            <ul className="mt-1 divide-y divide-cream-200">
              {checks.flatMap(({ place, refusal }) =>
                refusal
                  ? [
                      <li key={place.id} className="py-1.5">
                        <span className="font-semibold">{place.name}</span>: {refusalText(refusal)}
                      </li>,
                    ]
                  : [],
              )}
            </ul>
          </div>
        ) : null}
        {timeSlot !== booking.timeSlot ? (
          <FormNotifyGuest label={BOOKING_CHANGE_MESSAGES.notifyLabel} hint={FLOOR_MESSAGES.notifyHint} />
        ) : null}
      </div>
    </ConfirmForm>
  );
}

/** The move as a dialog over the floor, open while there is a booking to move. */
export function MoveDialog({
  booking,
  context,
  onClose,
  onMoved,
}: {
  booking: TablesDayBooking | null;
  context: MoveContext | null;
  onClose: () => void;
  onMoved: (message: string, saved: StoredBooking) => void;
}) {
  return (
    <ConfirmDialog
      subject={booking && context ? { booking, context } : null}
      onKeep={onClose}
      className="card max-h-[calc(100dvh-2rem)] w-full max-w-lg overflow-y-auto p-5 sm:p-6"
    >
      {(subject) => <MoveBookingForm booking={subject.booking} context={subject.context} onMoved={onMoved} />}
    </ConfirmDialog>
  );
}
