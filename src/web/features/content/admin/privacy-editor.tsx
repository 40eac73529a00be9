import { type PrivacyNotice, privacySchema } from '#shared/content/schemas.ts';
import type { ChangeWords } from './changes.ts';
import { ContentEditor } from './editor-shell.tsx';
import { FieldCard, TextInput } from './fields.tsx';
import { RowsCard } from './list-entries.tsx';

const PRIVACY_WORDS = {
  fields: { intro: 'introduction', heading: 'heading', text: 'text', updated: 'last updated' },
  items: { sections: 'section' },
} satisfies ChangeWords;

type Section = PrivacyNotice['sections'][number];

/** The privacy notice (issue 19), the owner's alone: its introduction, sections and date. */
export function PrivacyEditor() {
  return (
    <ContentEditor
      contentKey="privacy"
      schema={privacySchema}
      description="What the pub keeps about guests, why, for how long, and how they can ask for it. The page adds the pub’s address, e-mail and phone from the venue details."
      words={PRIVACY_WORDS}
    >
      <FieldCard title="Introduction">
        <TextInput path="intro" label="Introduction" multiline rows={4} />
        <TextInput
          path="updated"
          label="Last updated"
          hint="The date the notice last changed, e.g. 1 December 2026."
        />
      </FieldCard>
      <RowsCard<Section>
        title="Sections"
        path="sections"
        ordered
        nameOf={(section, index) => section.heading || `section ${index + 1}`}
        newRow={() => ({ heading: '', text: '' })}
        addLabel="Add a section"
        focusField="heading"
        focusFollowsMove
      >
        {({ path }) => (
          <>
            <TextInput path={`${path}.heading`} label="Heading" />
            <TextInput
              path={`${path}.text`}
              label="Text"
              hint="Leave a blank line between paragraphs."
              multiline
              rows={8}
            />
          </>
        )}
      </RowsCard>
    </ContentEditor>
  );
}
