import { SERVICES, type Service } from '#shared/booking/rules.ts';
import { bookingSettingsSchema } from '#shared/booking/settings.ts';
import type { ChangeWords } from './changes.ts';
import { ChoiceList } from './choice-fields.tsx';
import { ContentEditor } from './editor-shell.tsx';
import { FieldCard, NumberInput, TextInput } from './fields.tsx';

const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Monday first, as the pub's week reads; stored as 0 = Sunday … 6 = Saturday. */
const WEEKDAY_CHOICES = [1, 2, 3, 4, 5, 6, 0].map((day) => ({ value: day, label: WEEKDAY_NAMES[day] ?? '' }));

const SERVICE_TITLES: Record<Service, string> = { lunch: 'Lunch', dinner: 'Dinner' };

const NUMBER_FIELDS = {
  coversPerSlot: {
    label: 'Guests seated at once',
    hint: 'Covers in each time slot: a table holds its covers for every slot its table time overlaps',
  },
  coversPerService: {
    label: 'Guests per lunch or dinner',
    hint: 'How many covers the kitchen serves in one service',
  },
  turnMinutes: { label: 'Table time, minutes', hint: 'How long a smaller party keeps its table, e.g. 90' },
  largePartyFrom: {
    label: 'A large party is',
    hint: 'Guests from which the longer table time applies, e.g. 5',
  },
  largePartyTurnMinutes: {
    label: 'Large party table time, minutes',
    hint: 'How long a large party keeps its table, e.g. 120',
  },
  slotEveryMinutes: { label: 'Minutes between time slots', hint: 'e.g. 30 for 12:00, 12:30, 13:00' },
  lastSeatingBeforeCloseMinutes: {
    label: 'Last table, minutes before closing',
    hint: 'e.g. 30: with dinner closing at 22:00, the last table is at 21:30',
  },
  minimumNoticeMinutes: {
    label: 'Minimum notice, in minutes',
    hint: 'How long before the time a table can still be booked online (60 = one hour)',
  },
  bookingHorizonDays: { label: 'Days ahead guests can book', hint: 'e.g. 180 for about six months' },
} as const;
type NumberField = keyof typeof NUMBER_FIELDS;

/** The standby list's settings (issue 31): its own card, read by the guest's join and the staff's offers. */
const STANDBY_FIELDS = {
  standbyCapPercent: {
    label: 'Standby list: share of a service’s covers (%)',
    hint: 'Guests who may wait for a table, as a share of the guests per lunch or dinner; 0 turns the list off',
  },
  standbyClaimMinutes: {
    label: 'Minutes a standby guest has to claim a freed table',
    hint: 'After this the offer goes to the next guest on the list, e.g. 30',
  },
} as const;
type StandbyField = keyof typeof STANDBY_FIELDS;

const BOOKING_SETTINGS_WORDS = {
  fields: {
    services: '',
    weekdays: 'days',
    ...Object.fromEntries(
      Object.entries({ ...NUMBER_FIELDS, ...STANDBY_FIELDS }).map(([key, { label }]) => [
        key,
        label.toLowerCase(),
      ]),
    ),
  },
  values: {
    weekdays: (days) => (days as number[]).map((day) => WEEKDAY_NAMES[day]).join(', ') || 'none',
  },
} satisfies ChangeWords;

function ServiceCard({ service }: { service: Service }) {
  const path = `services.${service}`;
  const title = SERVICE_TITLES[service];
  return (
    <FieldCard title={title}>
      <div className="grid grid-cols-2 gap-4">
        <TextInput path={`${path}.opens`} label={`${title} opens`} type="time" />
        <TextInput path={`${path}.closes`} label={`${title} closes`} type="time" />
      </div>
      <ChoiceList
        path={`${path}.weekdays`}
        legend={`Days with ${title.toLowerCase()} bookings`}
        choices={WEEKDAY_CHOICES}
        compare={(a, b) => a - b}
      />
    </FieldCard>
  );
}

function BookingSettingsForm() {
  return (
    <>
      {SERVICES.map((service) => (
        <ServiceCard key={service} service={service} />
      ))}
      <FieldCard title="Time slots">
        {(Object.keys(NUMBER_FIELDS) as NumberField[]).map((field) => (
          <NumberInput
            key={field}
            path={field}
            label={NUMBER_FIELDS[field].label}
            hint={NUMBER_FIELDS[field].hint}
          />
        ))}
      </FieldCard>
      <FieldCard title="Standby list">
        {(Object.keys(STANDBY_FIELDS) as StandbyField[]).map((field) => (
          <NumberInput
            key={field}
            path={field}
            label={STANDBY_FIELDS[field].label}
            hint={STANDBY_FIELDS[field].hint}
          />
        ))}
      </FieldCard>
    </>
  );
}

/** When tables can be booked online, and how many: the availability on /bookings follows at once. */
export function BookingSettingsEditor() {
  return (
    <ContentEditor
      contentKey="booking-settings"
      schema={bookingSettingsSchema}
      description="When tables can be booked online, how far ahead, and how many for each time."
      words={BOOKING_SETTINGS_WORDS}
    >
      <BookingSettingsForm />
    </ContentEditor>
  );
}
