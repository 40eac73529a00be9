import { useSearchParams } from 'react-router';
import { heroPicture as siteHeroPicture } from '#content/venue.json';
import { type Venue, venueSchema } from '#shared/content/schemas.ts';
import type { ChangeWords } from './changes.ts';
import { ContentEditor } from './editor-shell.tsx';
import { FieldCard, NumberInput, TextInput } from './fields.tsx';
import { type EditorPart, PartButtons } from './part-buttons.tsx';
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
    paths: ['name', 'tagline', 'description', 'heroPicture', 'address', 'phone', 'email', 'map'],
  },
  { id: 'hours', label: 'Opening hours', paths: ['openingHours', 'kitchenHours', 'kitchenNote'] },
  { id: 'dates', label: 'Special dates', paths: ['specialDates'] },
] as const satisfies readonly EditorPart<string>[];
type PartId = (typeof PARTS)[number]['id'];

const ADDRESS_FIELDS = [
  { field: 'street', label: 'Street' },
  { field: 'locality', label: 'Village' },
  { field: 'town', label: 'Town' },
  { field: 'county', label: 'County' },
  { field: 'postcode', label: 'Postcode' },
] as const satisfies readonly { field: keyof Venue['address']; label: string }[];

function Details() {
  return (
    <>
      <FieldCard title="The pub">
        <TextInput path="name" label="Name" />
        <TextInput path="tagline" label="Tagline" hint="The line under the name on the home page" />
        <TextInput
          path="description"
          label="Description"
          hint="What search engines and link previews show"
          multiline
        />
        <TextInput path="phone" label="Phone" type="tel" />
        <TextInput path="email" label="E-mail" type="email" />
      </FieldCard>
      <FieldCard title="Home page picture">
        <PicturePicker
          path="heroPicture"
          purpose="the home page picture"
          hint="The big picture behind the welcome on the home page. A wide (landscape) photo works best: the words sit over its left side."
          sitePicture={siteHeroPicture}
        />
      </FieldCard>
      <FieldCard title="Address">
        {ADDRESS_FIELDS.map(({ field, label }) => (
          <TextInput key={field} path={`address.${field}`} label={label} />
        ))}
      </FieldCard>
      <FieldCard title="Map position">
        <p className="text-sm text-ink-soft">
          From a map app: long-press the pub and copy the two numbers it shows (latitude first).
        </p>
        <div className="grid gap-5 sm:grid-cols-3">
          <NumberInput path="map.latitude" inputMode="text" label="Latitude" />
          <NumberInput path="map.longitude" inputMode="text" label="Longitude" />
          <NumberInput path="map.zoom" label="Zoom" hint="1 (world) to 19 (street)" />
        </div>
      </FieldCard>
    </>
  );
}

function VenueForm() {
  const [params, setParams] = useSearchParams();
  const part: PartId = PARTS.find((candidate) => candidate.id === params.get('part'))?.id ?? 'details';
  return (
    <>
      <PartButtons
        label="Part"
        parts={PARTS}
        selected={part}
        onSelect={(id) => setParams({ part: id }, { replace: true })}
      />
      {part === 'details' ? <Details /> : part === 'hours' ? <Hours /> : <SpecialDates />}
    </>
  );
}

/** The pub's details, weekly and kitchen hours, and the special dates (bank holidays) with other hours. */
export function VenueEditor() {
  return (
    <ContentEditor
      contentKey="venue"
      schema={venueSchema}
      description="Name, home page picture, address and contact details, opening and kitchen hours, and bank holidays."
      words={VENUE_WORDS}
    >
      <VenueForm />
    </ContentEditor>
  );
}
