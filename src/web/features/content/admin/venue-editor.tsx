import { useSearchParams } from 'react-router';
import { heroPicture as siteHeroPicture } from '../../../../../content/venue.json';
import type { HoursRow, SpecialDate, Venue } from '../../../../shared/content/schemas.ts';
import { plural } from '../../../../shared/text/plural.ts';
import type { ChangeWords } from './changes.ts';
import { ContentEditor, type DraftEditor } from './editor-shell.tsx';
import {
  AddButton,
  Checkbox,
  ChoiceList,
  EntryActions,
  FieldCard,
  fieldId,
  ListProblem,
  moved,
  NumberInput,
  TextInput,
  useFocusAfterRender,
  useProblemCount,
} from './fields.tsx';
import { PicturePicker } from './picture-picker.tsx';

const VENUE_WORDS = {
  fields: {
    locality: 'village',
    email: 'e-mail',
    openingHours: 'opening hours',
    kitchenHours: 'kitchen hours',
    specialDates: 'special dates',
    dayCodes: 'days of the week',
    days: 'days as guests read them',
    heroPicture: 'home page picture',
    alt: 'description',
  },
  items: { openingHours: 'row', kitchenHours: 'row', specialDates: 'date' },
  pictures: ['heroPicture'],
} satisfies ChangeWords;

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

const PARTS = [
  {
    id: 'details',
    label: 'Details',
    fields: ['name', 'tagline', 'description', 'heroPicture', 'address', 'phone', 'email', 'map'],
  },
  { id: 'hours', label: 'Opening hours', fields: ['openingHours', 'kitchenHours', 'kitchenNote'] },
  { id: 'dates', label: 'Special dates', fields: ['specialDates'] },
] as const;
type PartId = (typeof PARTS)[number]['id'];

const TIME_HINT = 'HH:MM, e.g. 18:00';
const CLOSES_HINT = 'HH:MM; 24:00 for midnight';

function PartButton({
  part,
  pressed,
  onSelect,
}: {
  part: (typeof PARTS)[number];
  pressed: boolean;
  onSelect: () => void;
}) {
  const problems = useProblemCount(...part.fields);
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onSelect}
      className={`min-h-11 rounded-full border-2 px-4 py-1.5 font-semibold transition-colors ${
        pressed
          ? 'border-green-800 bg-green-800 text-cream-50'
          : 'border-green-800/25 bg-white text-green-800 hover:border-green-800 hover:bg-cream-100'
      }`}
    >
      {part.label}
      {problems > 0 ? ` (${plural(problems, 'problem', 'problems')})` : ''}
    </button>
  );
}

function Details({ draft, edit }: DraftEditor<Venue>) {
  const set = (write: (venue: Venue, value: string) => void) => (value: string) =>
    edit((venue) => write(venue, value));
  const setNumber = (write: (venue: Venue, value: number) => void) => (value: number) =>
    edit((venue) => write(venue, value));
  return (
    <>
      <FieldCard title="The pub">
        <TextInput
          path="name"
          label="Name"
          value={draft.name}
          onValue={set((venue, value) => {
            venue.name = value;
          })}
        />
        <TextInput
          path="tagline"
          label="Tagline"
          hint="The line under the name on the home page"
          value={draft.tagline}
          onValue={set((venue, value) => {
            venue.tagline = value;
          })}
        />
        <TextInput
          path="description"
          label="Description"
          hint="What search engines and link previews show"
          multiline
          value={draft.description}
          onValue={set((venue, value) => {
            venue.description = value;
          })}
        />
        <TextInput
          path="phone"
          label="Phone"
          type="tel"
          value={draft.phone}
          onValue={set((venue, value) => {
            venue.phone = value;
          })}
        />
        <TextInput
          path="email"
          label="E-mail"
          type="email"
          value={draft.email}
          onValue={set((venue, value) => {
            venue.email = value;
          })}
        />
      </FieldCard>
      <FieldCard title="Home page picture">
        <PicturePicker
          path="heroPicture"
          purpose="the home page picture"
          hint="The big picture behind the welcome on the home page. A wide (landscape) photo works best: the words sit over its left side."
          picture={draft.heroPicture}
          sitePicture={siteHeroPicture}
          onPicture={(picture) =>
            edit((venue) => {
              venue.heroPicture = picture;
            })
          }
        />
      </FieldCard>
      <FieldCard title="Address">
        <TextInput
          path="address.street"
          label="Street"
          value={draft.address.street}
          onValue={set((venue, value) => {
            venue.address.street = value;
          })}
        />
        <TextInput
          path="address.locality"
          label="Village"
          value={draft.address.locality}
          onValue={set((venue, value) => {
            venue.address.locality = value;
          })}
        />
        <TextInput
          path="address.town"
          label="Town"
          value={draft.address.town}
          onValue={set((venue, value) => {
            venue.address.town = value;
          })}
        />
        <TextInput
          path="address.county"
          label="County"
          value={draft.address.county}
          onValue={set((venue, value) => {
            venue.address.county = value;
          })}
        />
        <TextInput
          path="address.postcode"
          label="Postcode"
          value={draft.address.postcode}
          onValue={set((venue, value) => {
            venue.address.postcode = value;
          })}
        />
      </FieldCard>
      <FieldCard title="Map position">
        <p className="text-sm text-ink-soft">
          From a map app: long-press the pub and copy the two numbers it shows (latitude first).
        </p>
        <div className="grid gap-5 sm:grid-cols-3">
          <NumberInput
            path="map.latitude"
            inputMode="text"
            label="Latitude"
            value={draft.map.latitude}
            onValue={setNumber((venue, value) => {
              venue.map.latitude = value;
            })}
          />
          <NumberInput
            path="map.longitude"
            inputMode="text"
            label="Longitude"
            value={draft.map.longitude}
            onValue={setNumber((venue, value) => {
              venue.map.longitude = value;
            })}
          />
          <NumberInput
            path="map.zoom"
            label="Zoom"
            hint="1 (world) to 19 (street)"
            value={draft.map.zoom}
            onValue={setNumber((venue, value) => {
              venue.map.zoom = value;
            })}
          />
        </div>
      </FieldCard>
    </>
  );
}

function HoursRows({
  listKey,
  title,
  rows,
  withLabel,
  edit,
}: {
  listKey: 'openingHours' | 'kitchenHours';
  title: string;
  rows: readonly HoursRow[];
  withLabel: boolean;
  edit: DraftEditor<Venue>['edit'];
}) {
  const focusAfterRender = useFocusAfterRender();
  const change = (index: number, recipe: (row: HoursRow) => void) =>
    edit((venue) => {
      const row = venue[listKey][index];
      if (row) recipe(row);
    });

  function add() {
    edit((venue) => {
      venue[listKey].push({ days: '', dayCodes: [], opens: '12:00', closes: '22:00' });
    });
    focusAfterRender(fieldId(`${listKey}.${rows.length}.days`));
  }

  return (
    <FieldCard title={title}>
      <ListProblem path={listKey} />
      <ul aria-label={title} className="space-y-4">
        {rows.map((row, index) => {
          const path = `${listKey}.${index}`;
          const name = row.label || row.days || `row ${index + 1}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; their fields follow their values
            <li key={index} className="space-y-4 rounded-xl border border-cream-300 bg-cream-50 p-4">
              {withLabel ? (
                <TextInput
                  path={`${path}.label`}
                  label="Service"
                  hint="e.g. Lunch, Dinner or Sunday Roast"
                  value={row.label ?? ''}
                  onValue={(value) =>
                    change(index, (entry) => {
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
                onValue={(value) =>
                  change(index, (entry) => {
                    entry.days = value;
                  })
                }
              />
              <ChoiceList
                path={`${path}.dayCodes`}
                legend="Which days"
                choices={DAY_CHOICES}
                chosen={row.dayCodes}
                onChosen={(dayCodes) =>
                  change(index, (entry) => {
                    entry.dayCodes = dayCodes;
                  })
                }
              />
              <div className="grid grid-cols-2 gap-4">
                <TextInput
                  path={`${path}.opens`}
                  label="Opens"
                  hint={TIME_HINT}
                  value={row.opens}
                  onValue={(value) =>
                    change(index, (entry) => {
                      entry.opens = value;
                    })
                  }
                />
                <TextInput
                  path={`${path}.closes`}
                  label="Closes"
                  hint={CLOSES_HINT}
                  value={row.closes}
                  onValue={(value) =>
                    change(index, (entry) => {
                      entry.closes = value;
                    })
                  }
                />
              </div>
              <EntryActions
                name={name}
                index={index}
                count={rows.length}
                onMove={(to) =>
                  edit((venue) => {
                    venue[listKey] = moved(venue[listKey], index, to);
                  })
                }
                onRemove={() =>
                  edit((venue) => {
                    venue[listKey].splice(index, 1);
                  })
                }
              />
            </li>
          );
        })}
      </ul>
      <AddButton onClick={add}>Add a row to {title.toLowerCase()}</AddButton>
    </FieldCard>
  );
}

function Hours({ draft, edit }: DraftEditor<Venue>) {
  return (
    <>
      <HoursRows
        listKey="openingHours"
        title="Opening hours"
        rows={draft.openingHours}
        withLabel={false}
        edit={edit}
      />
      <HoursRows
        listKey="kitchenHours"
        title="Kitchen hours"
        rows={draft.kitchenHours}
        withLabel
        edit={edit}
      />
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

function SpecialDates({ draft, edit }: DraftEditor<Venue>) {
  const focusAfterRender = useFocusAfterRender();
  const change = (index: number, recipe: (day: SpecialDate) => void) =>
    edit((venue) => {
      const day = venue.specialDates[index];
      if (day) recipe(day);
    });

  function add() {
    edit((venue) => {
      venue.specialDates.push({ date: '', label: '', closed: true });
    });
    focusAfterRender(fieldId(`specialDates.${draft.specialDates.length}.date`));
  }

  return (
    <FieldCard title="Special dates">
      <p className="text-ink-soft">
        Bank holidays and other days with different hours. On a day marked closed, no tables can be booked.
      </p>
      <ListProblem path="specialDates" />
      <ul aria-label="Special dates" className="space-y-4">
        {draft.specialDates.map((day, index) => {
          const path = `specialDates.${index}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a date being typed has no identity yet
            <li key={index} className="space-y-4 rounded-xl border border-cream-300 bg-cream-50 p-4">
              <div className="grid gap-4 sm:grid-cols-2">
                <TextInput
                  path={`${path}.date`}
                  label="Date"
                  type="date"
                  value={day.date}
                  onValue={(value) =>
                    change(index, (entry) => {
                      entry.date = value;
                    })
                  }
                />
                <TextInput
                  path={`${path}.label`}
                  label="Name"
                  hint="e.g. Boxing Day"
                  value={day.label}
                  onValue={(value) =>
                    change(index, (entry) => {
                      entry.label = value;
                    })
                  }
                />
              </div>
              <Checkbox
                id={fieldId(`${path}.closed`)}
                label="Closed all day"
                checked={day.closed}
                onChecked={(closed) =>
                  change(index, (entry) => {
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
              {day.closed ? null : (
                <div className="grid grid-cols-2 gap-4">
                  <TextInput
                    path={`${path}.opens`}
                    label="Opens"
                    hint={TIME_HINT}
                    value={day.opens ?? ''}
                    onValue={(value) =>
                      change(index, (entry) => {
                        entry.opens = value;
                      })
                    }
                  />
                  <TextInput
                    path={`${path}.closes`}
                    label="Closes"
                    hint={CLOSES_HINT}
                    value={day.closes ?? ''}
                    onValue={(value) =>
                      change(index, (entry) => {
                        entry.closes = value;
                      })
                    }
                  />
                </div>
              )}
              <EntryActions
                name={day.label || day.date || `date ${index + 1}`}
                index={index}
                count={draft.specialDates.length}
                onRemove={() =>
                  edit((venue) => {
                    venue.specialDates.splice(index, 1);
                  })
                }
              />
            </li>
          );
        })}
      </ul>
      <AddButton onClick={add}>Add a special date</AddButton>
    </FieldCard>
  );
}

function VenueForm(editor: DraftEditor<Venue>) {
  const [params, setParams] = useSearchParams();
  const part: PartId = PARTS.find((candidate) => candidate.id === params.get('part'))?.id ?? 'details';
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset */}
      <div role="group" aria-label="Part" className="flex flex-wrap gap-2">
        {PARTS.map((candidate) => (
          <PartButton
            key={candidate.id}
            part={candidate}
            pressed={candidate.id === part}
            onSelect={() => setParams({ part: candidate.id }, { replace: true })}
          />
        ))}
      </div>
      {part === 'details' ? (
        <Details {...editor} />
      ) : part === 'hours' ? (
        <Hours {...editor} />
      ) : (
        <SpecialDates {...editor} />
      )}
    </>
  );
}

/** The pub's details, weekly and kitchen hours, and the special dates (bank holidays) with other hours. */
export function VenueEditor() {
  return (
    <ContentEditor
      contentKey="venue"
      description="Name, home page picture, address and contact details, opening and kitchen hours, and bank holidays."
      words={VENUE_WORDS}
    >
      {(editor) => <VenueForm {...editor} />}
    </ContentEditor>
  );
}
