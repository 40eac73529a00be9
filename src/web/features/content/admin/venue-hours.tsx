import type { HoursRow, SpecialDate } from '#shared/content/schemas.ts';
import { Checkbox, ChoiceList } from './choice-fields.tsx';
import { FieldCard, fieldId, TextInput, useDraftValue } from './fields.tsx';
import { RowsCard } from './list-entries.tsx';

type DayCode = HoursRow['dayCodes'][number];

/** The days a row may name, Monday first, as the checkboxes label them. */
const DAY_LABELS: Record<DayCode, string> = {
  Mo: 'Mon',
  Tu: 'Tue',
  We: 'Wed',
  Th: 'Thu',
  Fr: 'Fri',
  Sa: 'Sat',
  Su: 'Sun',
};

const DAY_CHOICES = Object.entries(DAY_LABELS).map(([value, label]) => ({ value: value as DayCode, label }));

/** When a row's day opens and closes, side by side. */
function OpeningTimesFields({ path }: { path: string }) {
  return (
    <div className="grid grid-cols-2 gap-4">
      <TextInput path={`${path}.opens`} label="Opens" hint="HH:MM, e.g. 18:00" />
      <TextInput path={`${path}.closes`} label="Closes" hint="HH:MM; 24:00 for midnight" />
    </div>
  );
}

/** The weekly opening hours or the kitchen's, whose rows also name their service (Lunch, Dinner). */
function HoursRows({ listKey, title }: { listKey: 'openingHours' | 'kitchenHours'; title: string }) {
  return (
    <RowsCard<HoursRow>
      title={title}
      path={listKey}
      newRow={() => ({ days: '', dayCodes: [], opens: '12:00', closes: '22:00' })}
      addLabel={`Add a row to ${title.toLowerCase()}`}
      nameOf={(row, index) => row.label || row.days || `row ${index + 1}`}
      focusField="days"
    >
      {({ path }) => (
        <>
          {listKey === 'kitchenHours' ? (
            <TextInput
              path={`${path}.label`}
              label="Service"
              hint="e.g. Lunch, Dinner or Sunday Roast"
              optional
            />
          ) : null}
          <TextInput path={`${path}.days`} label="Days, as guests read them" hint="e.g. Mon–Thu" />
          <ChoiceList path={`${path}.dayCodes`} legend="Which days" choices={DAY_CHOICES} />
          <OpeningTimesFields path={path} />
        </>
      )}
    </RowsCard>
  );
}

/** The weekly opening hours, the kitchen hours and the note under them. */
export function Hours() {
  return (
    <>
      <HoursRows listKey="openingHours" title="Opening hours" />
      <HoursRows listKey="kitchenHours" title="Kitchen hours" />
      <FieldCard title="Kitchen note">
        <TextInput path="kitchenNote" label="Note under the kitchen hours" />
      </FieldCard>
    </>
  );
}

/** Closed all day, or open at the hours the date then asks for. */
function ClosedAllDay({ path }: { path: string }) {
  const [day, setDay] = useDraftValue<SpecialDate>(path);
  return (
    <Checkbox
      id={fieldId(`${path}.closed`)}
      label="Closed all day"
      checked={day.closed}
      onChecked={(closed) => {
        const next: Record<string, unknown> = { ...day, closed, opens: '', closes: '' };
        if (closed) {
          delete next.opens;
          delete next.closes;
        }
        setDay(next as SpecialDate);
      }}
    />
  );
}

/** Bank holidays and other days with other hours, or closed. */
export function SpecialDates() {
  return (
    <RowsCard<SpecialDate>
      title="Special dates"
      lead={
        <p className="text-ink-soft">
          Bank holidays and other days with different hours. On a day marked closed, no tables can be booked.
        </p>
      }
      path="specialDates"
      newRow={() => ({ date: '', label: '', closed: true })}
      addLabel="Add a special date"
      nameOf={(day, index) => day.label || day.date || `date ${index + 1}`}
      reorderable={false}
      focusField="date"
    >
      {({ path, row }) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput path={`${path}.date`} label="Date" type="date" />
            <TextInput path={`${path}.label`} label="Name" hint="e.g. Boxing Day" />
          </div>
          <ClosedAllDay path={path} />
          {row.closed ? null : <OpeningTimesFields path={path} />}
        </>
      )}
    </RowsCard>
  );
}
