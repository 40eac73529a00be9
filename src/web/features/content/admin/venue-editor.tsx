import { useSearchParams } from 'react-router';
import { heroPicture as siteHeroPicture } from '#content/venue.json';
import type { Venue } from '#shared/content/schemas.ts';
import { plural } from '#shared/text/plural.ts';
import type { ChangeWords } from './changes.ts';
import { ContentEditor, type DraftEditor } from './editor-shell.tsx';
import { FieldCard, NumberInput, TextInput, useProblemCount } from './fields.tsx';
import { PicturePicker } from './picture-picker.tsx';
import { Hours, SpecialDates } from './venue-hours.tsx';

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
