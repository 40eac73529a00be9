import type { ReactNode } from 'react';
import type { HoursRow, SpecialDate, Venue } from '#shared/content/schemas.ts';
import { Checkbox, ChoiceList } from './choice-fields.tsx';
import type { DraftEditor } from './editor-shell.tsx';
import { FieldCard, fieldId, ListProblem, TextInput } from './fields.tsx';
import { AddButton, EntryActions, moved, useFocusAfterRender } from './list-entries.tsx';

type DayCode = HoursRow['dayCodes'][number];

const DAY_CHOICES: readonly { value: DayCode; label: string }[] = [
  { value: 'Mo', label: 'Mon' },
  { value: 'Tu', label: 'Tue' },
  { value: 'We', label: 'Wed' },
  { value: 'Th', label: 'Thu' },
  { value: 'Fr', label: 'Fri' },
  { value: 'Sa', label: 'Sat' },
  { value: 'Su', label: 'Sun' },
];

/** Edits one row of the draft: `change` by a recipe, `set` one field to the value typed. */
interface RowEditor<Row> {
  change: (recipe: (row: Row) => void) => void;
  set: <K extends keyof Row>(field: K) => (value: Row[K]) => void;
}

/**
 * A card of rows staff add, change and remove (the weekly hours, the kitchen hours, the special dates):
 * `children` draws one row's fields.
 */
function RowList<Row>({
  path,
  title,
  lead,
  rows,
  rowsOf,
  edit,
  newRow,
  firstField,
  addLabel,
  nameOf,
  reorderable,
  children,
}: {
  /** Where the list sits in the document, as issue paths name it. */
  path: 'openingHours' | 'kitchenHours' | 'specialDates';
  title: string;
  lead?: ReactNode;
  rows: readonly Row[];
  /** The same list in the draft being changed. */
  rowsOf: (venue: Venue) => Row[];
  edit: DraftEditor<Venue>['edit'];
  newRow: () => Row;
  /** The field of a new row that takes the focus. */
  firstField: string;
  addLabel: string;
  nameOf: (row: Row, index: number) => string;
  reorderable: boolean;
  children: (row: Row, rowPath: string, editor: RowEditor<Row>) => ReactNode;
}) {
  const focusAfterRender = useFocusAfterRender();

  function rowEditor(index: number): RowEditor<Row> {
    const change = (recipe: (row: Row) => void) =>
      edit((venue) => {
        const row = rowsOf(venue)[index];
        if (row) recipe(row);
      });
    return {
      change,
      set: (field) => (value) =>
        change((row) => {
          row[field] = value;
        }),
    };
  }

  function add() {
    edit((venue) => {
      rowsOf(venue).push(newRow());
    });
    focusAfterRender(fieldId(`${path}.${rows.length}.${firstField}`));
  }

  return (
    <FieldCard title={title}>
      {lead}
      <ListProblem path={path} />
      <ul aria-label={title} className="space-y-4">
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; their fields follow their values
          <li key={index} className="space-y-4 rounded-xl border border-cream-300 bg-cream-50 p-4">
            {children(row, `${path}.${index}`, rowEditor(index))}
            <EntryActions
              name={nameOf(row, index)}
              index={index}
              count={rows.length}
              onMove={
                reorderable
                  ? (to) =>
                      edit((venue) => {
                        const list = rowsOf(venue);
                        list.splice(0, list.length, ...moved(list, index, to));
                      })
                  : undefined
              }
              onRemove={() =>
                edit((venue) => {
                  rowsOf(venue).splice(index, 1);
                })
              }
            />
          </li>
        ))}
      </ul>
      <AddButton onClick={add}>{addLabel}</AddButton>
    </FieldCard>
  );
}

/** When a row's day opens and closes, side by side. */
function OpeningTimesFields<Row extends { opens?: string; closes?: string }>({
  path,
  row,
  set,
}: {
  path: string;
  row: Row;
  set: RowEditor<Row>['set'];
}) {
  return (
    <div className="grid grid-cols-2 gap-4">
      <TextInput
        path={`${path}.opens`}
        label="Opens"
        hint="HH:MM, e.g. 18:00"
        value={row.opens ?? ''}
        onValue={set('opens')}
      />
      <TextInput
        path={`${path}.closes`}
        label="Closes"
        hint="HH:MM; 24:00 for midnight"
        value={row.closes ?? ''}
        onValue={set('closes')}
      />
    </div>
  );
}

function HoursRows({
  listKey,
  title,
  withLabel,
  draft,
  edit,
}: DraftEditor<Venue> & { listKey: 'openingHours' | 'kitchenHours'; title: string; withLabel: boolean }) {
  return (
    <RowList
      path={listKey}
      title={title}
      rows={draft[listKey]}
      rowsOf={(venue) => venue[listKey]}
      edit={edit}
      newRow={(): HoursRow => ({ days: '', dayCodes: [], opens: '12:00', closes: '22:00' })}
      firstField="days"
      addLabel={`Add a row to ${title.toLowerCase()}`}
      nameOf={(row, index) => row.label || row.days || `row ${index + 1}`}
      reorderable
    >
      {(row, path, { change, set }) => (
        <>
          {withLabel ? (
            <TextInput
              path={`${path}.label`}
              label="Service"
              hint="e.g. Lunch, Dinner or Sunday Roast"
              value={row.label ?? ''}
              onValue={(value) =>
                change((entry) => {
                  if (value) entry.label = value;
                  else delete entry.label;
                })
              }
            />
          ) : null}
          <TextInput
            path={`${path}.days`}
            label="Days, as guests read them"
            hint="e.g. Mon–Thu"
            value={row.days}
            onValue={set('days')}
          />
          <ChoiceList
            path={`${path}.dayCodes`}
            legend="Which days"
            choices={DAY_CHOICES}
            chosen={row.dayCodes}
            onChosen={set('dayCodes')}
          />
          <OpeningTimesFields path={path} row={row} set={set} />
        </>
      )}
    </RowList>
  );
}

/** The weekly opening hours, the kitchen hours and the note under them. */
export function Hours(editor: DraftEditor<Venue>) {
  const { draft, edit } = editor;
  return (
    <>
      <HoursRows {...editor} listKey="openingHours" title="Opening hours" withLabel={false} />
      <HoursRows {...editor} listKey="kitchenHours" title="Kitchen hours" withLabel />
      <FieldCard title="Kitchen note">
        <TextInput
          path="kitchenNote"
          label="Note under the kitchen hours"
          value={draft.kitchenNote}
          onValue={(value) =>
            edit((venue) => {
              venue.kitchenNote = value;
            })
          }
        />
      </FieldCard>
    </>
  );
}

/** Bank holidays and other days with other hours, or closed. */
export function SpecialDates({ draft, edit }: DraftEditor<Venue>) {
  return (
    <RowList
      path="specialDates"
      title="Special dates"
      lead={
        <p className="text-ink-soft">
          Bank holidays and other days with different hours. On a day marked closed, no tables can be booked.
        </p>
      }
      rows={draft.specialDates}
      rowsOf={(venue) => venue.specialDates}
      edit={edit}
      newRow={(): SpecialDate => ({ date: '', label: '', closed: true })}
      firstField="date"
      addLabel="Add a special date"
      nameOf={(day, index) => day.label || day.date || `date ${index + 1}`}
      reorderable={false}
    >
      {(day, path, { change, set }) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput
              path={`${path}.date`}
              label="Date"
              type="date"
              value={day.date}
              onValue={set('date')}
            />
            <TextInput
              path={`${path}.label`}
              label="Name"
              hint="e.g. Boxing Day"
              value={day.label}
              onValue={set('label')}
            />
          </div>
          <Checkbox
            id={fieldId(`${path}.closed`)}
            label="Closed all day"
            checked={day.closed}
            onChecked={(closed) =>
              change((entry) => {
                entry.closed = closed;
                if (closed) {
                  delete entry.opens;
                  delete entry.closes;
                } else {
                  entry.opens = '';
                  entry.closes = '';
                }
              })
            }
          />
          {day.closed ? null : <OpeningTimesFields path={path} row={day} set={set} />}
        </>
      )}
    </RowList>
  );
}
