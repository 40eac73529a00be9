import { occasionPath } from '#shared/occasions/links.ts';
import type { OccasionsDocument } from '#shared/occasions/schema.ts';
import { Checkbox, DraftCheckbox } from '#web/features/content/admin/choice-fields.tsx';
import {
  FieldCard,
  FieldError,
  fieldId,
  TextInput,
  useDraft,
  useIssueAt,
} from '#web/features/content/admin/fields.tsx';
import { followingId, suggestedSlug, useSavedOccasion, useSavedOccasions } from './occasion-editor-ids.ts';

/** The other occasions' slugs, saved or not: a new slug takes none of them. */
function useTakenSlugs(index: number): () => string[] {
  const { draft } = useDraft<OccasionsDocument>();
  const saved = useSavedOccasions();
  return () => [
    ...saved.map((occasion) => occasion.slug),
    ...draft.occasions.filter((_, at) => at !== index).map((occasion) => occasion.slug),
  ];
}

/** The name; a new occasion's slug follows it while it is the one suggested. */
function NameField({ index, isNew }: { index: number; isNew: boolean }) {
  const { draft, edit } = useDraft<OccasionsDocument>();
  const taken = useTakenSlugs(index);
  const rename = (name: string) =>
    edit((document) => {
      const occasion = document.occasions[index];
      if (!occasion) return;
      if (isNew) {
        const others = taken();
        occasion.slug = followingId(occasion.slug, occasion.name, name, (from) =>
          suggestedSlug(from, others),
        );
      }
      occasion.name = name;
    });
  return (
    <TextInput
      path={`occasions.${index}.name`}
      label="Name"
      hint="As guests read it, e.g. Christmas party nights"
      value={draft.occasions[index]?.name ?? ''}
      onValue={rename}
    />
  );
}

/** The page's address: a new occasion's is suggested from its name; a saved one's never changes. */
function SlugField({ index, slug, isNew }: { index: number; slug: string; isNew: boolean }) {
  const path = `occasions.${index}.slug`;
  const message = useIssueAt(path);
  if (isNew) {
    return (
      <TextInput
        path={path}
        label="Page address"
        hint={`The page is ${occasionPath(slug || '…')}. Suggested from the name: lower-case words joined by dashes.`}
      />
    );
  }
  return (
    <div>
      <p className="field-label">Page address</p>
      <p id={fieldId(path)} tabIndex={-1} className="break-words text-green-900">
        {occasionPath(slug)}
      </p>
      <p className="mt-1.5 text-sm text-ink-soft">
        Fixed once saved: bookings and the links sent to guests use it.
      </p>
      <FieldError id={`${fieldId(path)}-error`} message={message} />
    </div>
  );
}

/** Featured: the one occasion What's On shows first and the pop-up offers, so choosing it unsets any other. */
function FeaturedField({ index }: { index: number }) {
  const { draft, edit } = useDraft<OccasionsDocument>();
  const featured = draft.occasions[index]?.featured === true;
  const other = draft.occasions.find((occasion, at) => at !== index && occasion.featured);
  return (
    <div>
      <Checkbox
        id={fieldId(`occasions.${index}.featured`)}
        label="Featured: first on What’s On and in the pop-up"
        checked={featured}
        onChecked={(checked) =>
          edit((document) => {
            document.occasions.forEach((occasion, at) => {
              occasion.featured = at === index ? checked : occasion.featured && !checked;
            });
          })
        }
      />
      <p className="mt-1.5 text-sm text-ink-soft">
        {other && !featured
          ? `Only one occasion is featured: ticking this one unticks ${other.name.trim() || 'the other'}.`
          : 'Only one occasion is featured at a time. None ticked: What’s On lists them by date, and the pop-up stays shut.'}
      </p>
    </div>
  );
}

/** What guests read: the name and address, the line on What's On, the page's words and terms. */
export function OccasionPageSection({ index }: { index: number }) {
  const { draft } = useDraft<OccasionsDocument>();
  const slug = draft.occasions[index]?.slug ?? '';
  const isNew = useSavedOccasion(slug) === undefined;
  const path = `occasions.${index}`;
  return (
    <FieldCard title="The page" headingLevel={3}>
      <NameField index={index} isNew={isNew} />
      <SlugField index={index} slug={slug} isNew={isNew} />
      <TextInput path={`${path}.summary`} label="Summary" hint="One line on What’s On" />
      <TextInput
        path={`${path}.description`}
        label="Description"
        hint="The page’s own words. A blank line starts a new paragraph."
        multiline
        rows={6}
      />
      <TextInput
        path={`${path}.terms`}
        label="Terms"
        hint="Shown before any payment and in every e-mail: the deposit, the deadline, refunds."
        multiline
        rows={5}
      />
      <div className="space-y-3">
        <DraftCheckbox path={`${path}.published`} label="Published: on What’s On and its own page" />
        <FeaturedField index={index} />
      </div>
    </FieldCard>
  );
}
