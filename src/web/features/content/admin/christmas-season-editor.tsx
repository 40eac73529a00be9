import { type ChristmasDay, christmasDaySchema } from '#shared/christmas/season-schema.ts';
import { sittingTimes } from '#shared/christmas/sittings.ts';
import { formatMoney, poundsToPence } from '#shared/money/money.ts';
import { TIME_PATTERN } from '#shared/time/london-time.ts';
import type { ChangeWords } from './changes.ts';
import { ContentEditor } from './editor-shell.tsx';
import { FieldCard, NumberInput, PoundsInput, TextInput, useDraft } from './fields.tsx';

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

/** Both times typed whole, so the card's title can say them as the pages will. */
function hasTimes(sitting: Sitting): boolean {
  return TIME_PATTERN.test(sitting.start) && TIME_PATTERN.test(sitting.end);
}

const CHRISTMAS_SEASON_WORDS = {
  fields: {
    prices: '',
    depositPerGuest: 'deposit per guest',
    cheeseBoardSupplement: 'cheese board supplement',
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
  names: { sittings: (sitting: Sitting) => (hasTimes(sitting) ? sittingTimes(sitting) : undefined) },
} satisfies ChangeWords;

function SittingCard({ sitting, index }: { sitting: Sitting; index: number }) {
  const path = `sittings.${index}`;
  return (
    <FieldCard
      title={`Sitting ${index + 1}${hasTimes(sitting) ? `: ${sittingTimes(sitting)}` : ''}`}
      headingLevel={3}
    >
      <div className="grid grid-cols-2 gap-4">
        <TextInput path={`${path}.start`} label="Starts" type="time" />
        <TextInput path={`${path}.end`} label="Ends" type="time" />
      </div>
      <NumberInput path={`${path}.capacity`} label="Seats" hint="How many guests this sitting takes" />
    </FieldCard>
  );
}

function ChristmasSeasonForm() {
  const { sittings } = useDraft<ChristmasDay>().draft;
  return (
    <>
      <FieldCard title="The day">
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberInput path="year" label="Year" />
          <TextInput path="date" label="Date" type="date" hint="25 December of that year" />
        </div>
      </FieldCard>
      <FieldCard title="Sittings">
        {sittings.map((sitting, index) => (
          <SittingCard key={sitting.id} sitting={sitting} index={index} />
        ))}
      </FieldCard>
      <FieldCard title="Prices">
        <div className="grid gap-4 sm:grid-cols-2">
          {PRICE_FIELDS.map(({ field, label, hint }) => (
            <PoundsInput key={field} path={`prices.${field}`} label={label} hint={hint} />
          ))}
        </div>
      </FieldCard>
      <FieldCard title="Deadlines">
        <TextInput
          path="onlineCutoff"
          label="Online bookings close"
          type="datetime-local"
          hint="London time. After this, guests are asked to phone."
        />
        <TextInput
          path="refundableUntil"
          label="Deposit refundable until"
          type="datetime-local"
          hint="London time. A guest who cancels by then gets the deposit back. Blank: the end of the day a week before Christmas Day."
          optional
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
      schema={christmasDaySchema}
      description="The date, sittings and seats, prices and deposit, and booking deadlines of Christmas Day."
      words={CHRISTMAS_SEASON_WORDS}
    >
      <ChristmasSeasonForm />
    </ContentEditor>
  );
}
