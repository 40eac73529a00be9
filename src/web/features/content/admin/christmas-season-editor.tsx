import type { ChristmasDay } from '#shared/christmas/season-schema.ts';
import { formatMoney, poundsToPence } from '#shared/money/money.ts';
import type { ChangeWords } from './changes.ts';
import { ContentEditor, type DraftEditor } from './editor-shell.tsx';
import { FieldCard, NumberInput, PoundsInput, TextInput } from './fields.tsx';

type Sitting = ChristmasDay['sittings'][number];
type PriceField = keyof ChristmasDay['prices'];

const PRICE_FIELDS: readonly { field: PriceField; label: string; hint?: string }[] = [
  { field: 'adult', label: 'Adult (£)' },
  { field: 'child', label: 'Child (£)' },
  { field: 'depositPerGuest', label: 'Deposit per guest (£)', hint: 'Paid online when booking' },
  { field: 'cheeseBoardSupplement', label: 'Cheese board supplement (£)', hint: '0 for none' },
];

const money = (pounds: unknown) => formatMoney(poundsToPence(pounds as number));
const wallClock = (moment: unknown) => (typeof moment === 'string' ? moment.replace('T', ' at ') : 'none');

const CHRISTMAS_SEASON_WORDS = {
  fields: {
    prices: '',
    depositPerGuest: 'deposit per guest',
    cheeseBoardSupplement: 'cheese board supplement',
    promoLabel: 'short label',
    start: 'starts',
    end: 'ends',
    capacity: 'seats',
    onlineCutoff: 'online bookings close',
    refundableUntil: 'deposit refundable until',
  },
  values: {
    adult: money,
    child: money,
    depositPerGuest: money,
    cheeseBoardSupplement: money,
    onlineCutoff: wallClock,
    refundableUntil: wallClock,
  },
  items: { sittings: 'sitting' },
} satisfies ChangeWords;

function SittingCard({
  sitting,
  index,
  edit,
}: {
  sitting: Sitting;
  index: number;
  edit: DraftEditor<ChristmasDay>['edit'];
}) {
  const path = `sittings.${index}`;
  const change = (recipe: (entry: Sitting) => void) =>
    edit((day) => {
      const entry = day.sittings[index];
      if (entry) recipe(entry);
    });
  return (
    <FieldCard title={`Sitting ${index + 1}: ${sitting.label}`} headingLevel={3}>
      <TextInput
        path={`${path}.label`}
        label="Label"
        hint="As the booking form shows it, e.g. 12:00 – 2:00 PM"
        value={sitting.label}
        onValue={(label) =>
          change((entry) => {
            entry.label = label;
          })
        }
      />
      <TextInput
        path={`${path}.promoLabel`}
        label="Short label"
        hint="For banners, e.g. 12–2pm"
        value={sitting.promoLabel}
        onValue={(promoLabel) =>
          change((entry) => {
            entry.promoLabel = promoLabel;
          })
        }
      />
      <div className="grid grid-cols-2 gap-4">
        <TextInput
          path={`${path}.start`}
          label="Starts"
          type="time"
          value={sitting.start}
          onValue={(start) =>
            change((entry) => {
              entry.start = start;
            })
          }
        />
        <TextInput
          path={`${path}.end`}
          label="Ends"
          type="time"
          value={sitting.end}
          onValue={(end) =>
            change((entry) => {
              entry.end = end;
            })
          }
        />
      </div>
      <NumberInput
        path={`${path}.capacity`}
        label="Seats"
        hint="How many guests this sitting takes"
        value={sitting.capacity}
        onValue={(capacity) =>
          change((entry) => {
            entry.capacity = capacity;
          })
        }
      />
    </FieldCard>
  );
}

function ChristmasSeasonForm({ draft, edit }: DraftEditor<ChristmasDay>) {
  return (
    <>
      <FieldCard title="The day">
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberInput
            path="year"
            label="Year"
            value={draft.year}
            onValue={(year) =>
              edit((day) => {
                day.year = year;
              })
            }
          />
          <TextInput
            path="date"
            label="Date"
            type="date"
            hint="25 December of that year"
            value={draft.date}
            onValue={(date) =>
              edit((day) => {
                day.date = date;
              })
            }
          />
        </div>
      </FieldCard>
      <FieldCard title="Sittings">
        {draft.sittings.map((sitting, index) => (
          <SittingCard key={sitting.id} sitting={sitting} index={index} edit={edit} />
        ))}
      </FieldCard>
      <FieldCard title="Prices">
        <div className="grid gap-4 sm:grid-cols-2">
          {PRICE_FIELDS.map(({ field, label, hint }) => (
            <PoundsInput
              key={field}
              path={`prices.${field}`}
              label={label}
              hint={hint}
              value={draft.prices[field]}
              onValue={(pounds) =>
                edit((day) => {
                  day.prices[field] = pounds;
                })
              }
            />
          ))}
        </div>
      </FieldCard>
      <FieldCard title="Deadlines">
        <TextInput
          path="onlineCutoff"
          label="Online bookings close"
          type="datetime-local"
          hint="London time. After this, guests are asked to phone."
          value={draft.onlineCutoff}
          onValue={(onlineCutoff) =>
            edit((day) => {
              day.onlineCutoff = onlineCutoff;
            })
          }
        />
        <TextInput
          path="refundableUntil"
          label="Deposit refundable until"
          type="datetime-local"
          hint="London time. A guest who cancels by then gets the deposit back. Blank: the end of the day a week before Christmas Day."
          value={draft.refundableUntil ?? ''}
          onValue={(refundableUntil) =>
            edit((day) => {
              if (refundableUntil) day.refundableUntil = refundableUntil;
              else delete day.refundableUntil;
            })
          }
        />
      </FieldCard>
    </>
  );
}

/** This year's Christmas Day: its date, sittings, prices and deadlines. */
export function ChristmasSeasonEditor() {
  return (
    <ContentEditor
      contentKey="christmas-season"
      description="The date, sittings and seats, prices and deposit, and booking deadlines of Christmas Day."
      words={CHRISTMAS_SEASON_WORDS}
    >
      {(editor) => <ChristmasSeasonForm {...editor} />}
    </ContentEditor>
  );
}
