import type { PrivacyNotice } from '#shared/content/schemas.ts';
import type { ChangeWords } from './changes.ts';
import { ContentEditor, type DraftEditor } from './editor-shell.tsx';
import { FieldCard, fieldId, ListProblem, TextInput } from './fields.tsx';
import { AddButton, EntryActions, moved, useFocusAfterRender } from './list-entries.tsx';

const PRIVACY_WORDS = {
  fields: { intro: 'introduction', heading: 'heading', text: 'text', updated: 'last updated' },
  items: { sections: 'section' },
} satisfies ChangeWords;

type Section = PrivacyNotice['sections'][number];

function Sections({ draft, edit }: DraftEditor<PrivacyNotice>) {
  const focusAfterRender = useFocusAfterRender();
  const change = (index: number, recipe: (section: Section) => void) =>
    edit((notice) => {
      const section = notice.sections[index];
      if (section) recipe(section);
    });
  return (
    <FieldCard title="Sections">
      <ListProblem path="sections" />
      <ol aria-label="Sections" className="space-y-4">
        {draft.sections.map((section, index) => {
          const path = `sections.${index}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: sections have no id; their fields follow their values
            <li key={index} className="space-y-3 rounded-xl border border-cream-300 bg-cream-50 p-4">
              <TextInput
                path={`${path}.heading`}
                label="Heading"
                value={section.heading}
                onValue={(heading) =>
                  change(index, (entry) => {
                    entry.heading = heading;
                  })
                }
              />
              <TextInput
                path={`${path}.text`}
                label="Text"
                hint="Leave a blank line between paragraphs."
                multiline
                rows={8}
                value={section.text}
                onValue={(text) =>
                  change(index, (entry) => {
                    entry.text = text;
                  })
                }
              />
              <EntryActions
                name={section.heading || `section ${index + 1}`}
                index={index}
                count={draft.sections.length}
                onMove={(to) => {
                  edit((notice) => {
                    notice.sections = moved(notice.sections, index, to);
                  });
                  focusAfterRender(fieldId(`sections.${to}.heading`));
                }}
                onRemove={() =>
                  edit((notice) => {
                    notice.sections.splice(index, 1);
                  })
                }
              />
            </li>
          );
        })}
      </ol>
      <AddButton
        onClick={() => {
          edit((notice) => {
            notice.sections.push({ heading: '', text: '' });
          });
          focusAfterRender(fieldId(`sections.${draft.sections.length}.heading`));
        }}
      >
        Add a section
      </AddButton>
    </FieldCard>
  );
}

function PrivacyForm(editor: DraftEditor<PrivacyNotice>) {
  return (
    <>
      <FieldCard title="Introduction">
        <TextInput
          path="intro"
          label="Introduction"
          multiline
          rows={4}
          value={editor.draft.intro}
          onValue={(intro) =>
            editor.edit((notice) => {
              notice.intro = intro;
            })
          }
        />
        <TextInput
          path="updated"
          label="Last updated"
          hint="The date the notice last changed, e.g. 1 December 2026."
          value={editor.draft.updated}
          onValue={(updated) =>
            editor.edit((notice) => {
              notice.updated = updated;
            })
          }
        />
      </FieldCard>
      <Sections {...editor} />
    </>
  );
}

/** The privacy notice (issue 19), the owner's alone: its introduction, sections and date. */
export function PrivacyEditor() {
  return (
    <ContentEditor
      contentKey="privacy"
      description="What the pub keeps about guests, why, for how long, and how they can ask for it. The page adds the pub’s address, e-mail and phone from the venue details."
      words={PRIVACY_WORDS}
    >
      {(editor) => <PrivacyForm {...editor} />}
    </ContentEditor>
  );
}
