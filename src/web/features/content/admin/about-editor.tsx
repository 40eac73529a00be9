import { picture as siteAboutPicture } from '#content/about.json';
import type { About } from '#shared/content/schemas.ts';
import type { ChangeWords } from './changes.ts';
import { ContentEditor, type DraftEditor } from './editor-shell.tsx';
import { FieldCard, fieldId, ListProblem, TextInput } from './fields.tsx';
import { AddButton, EntryActions, moved, useFocusAfterRender } from './list-entries.tsx';
import { PicturePicker } from './picture-picker.tsx';

const ABOUT_WORDS = {
  fields: { intro: 'introduction', when: 'when', picture: 'picture beside our story', alt: 'description' },
  items: { story: 'paragraph', values: 'value', timeline: 'moment' },
  pictures: ['picture'],
} satisfies ChangeWords;

type TimelineEntry = About['timeline'][number];

function Story({ draft, edit }: DraftEditor<About>) {
  const focusAfterRender = useFocusAfterRender();
  return (
    <FieldCard title="Our story">
      <ListProblem path="story" />
      <ol aria-label="Story paragraphs" className="space-y-4">
        {draft.story.map((paragraph, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no id; their fields follow their values
          <li key={index} className="space-y-3 rounded-xl border border-cream-300 bg-cream-50 p-4">
            <TextInput
              path={`story.${index}`}
              label={`Paragraph ${index + 1}`}
              multiline
              rows={6}
              value={paragraph}
              onValue={(value) =>
                edit((about) => {
                  about.story[index] = value;
                })
              }
            />
            <EntryActions
              name={`paragraph ${index + 1}`}
              index={index}
              count={draft.story.length}
              onMove={(to) => {
                edit((about) => {
                  about.story = moved(about.story, index, to);
                });
                focusAfterRender(fieldId(`story.${to}`));
              }}
              onRemove={() =>
                edit((about) => {
                  about.story.splice(index, 1);
                })
              }
            />
          </li>
        ))}
      </ol>
      <AddButton
        onClick={() => {
          edit((about) => {
            about.story.push('');
          });
          focusAfterRender(fieldId(`story.${draft.story.length}`));
        }}
      >
        Add a paragraph
      </AddButton>
    </FieldCard>
  );
}

function Values({ draft, edit }: DraftEditor<About>) {
  return (
    <FieldCard title="What we stand for">
      <p className="text-ink-soft">Always four, shown side by side on the page.</p>
      <ol aria-label="Values" className="space-y-4">
        {draft.values.map((value, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the four values keep their places
          <li key={index} className="space-y-3 rounded-xl border border-cream-300 bg-cream-50 p-4">
            <TextInput
              path={`values.${index}.title`}
              label={`Value ${index + 1}: title`}
              value={value.title}
              onValue={(title) =>
                edit((about) => {
                  const entry = about.values[index];
                  if (entry) entry.title = title;
                })
              }
            />
            <TextInput
              path={`values.${index}.text`}
              label={`Value ${index + 1}: text`}
              multiline
              value={value.text}
              onValue={(text) =>
                edit((about) => {
                  const entry = about.values[index];
                  if (entry) entry.text = text;
                })
              }
            />
          </li>
        ))}
      </ol>
    </FieldCard>
  );
}

function Timeline({ draft, edit }: DraftEditor<About>) {
  const focusAfterRender = useFocusAfterRender();
  const change = (index: number, recipe: (entry: TimelineEntry) => void) =>
    edit((about) => {
      const entry = about.timeline[index];
      if (entry) recipe(entry);
    });
  return (
    <FieldCard title="Timeline">
      <ListProblem path="timeline" />
      <ol aria-label="Timeline" className="space-y-4">
        {draft.timeline.map((entry, index) => {
          const path = `timeline.${index}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: moments have no id; their fields follow their values
            <li key={index} className="space-y-3 rounded-xl border border-cream-300 bg-cream-50 p-4">
              <TextInput
                path={`${path}.when`}
                label="When"
                hint="A year, a decade or “Today”"
                value={entry.when}
                onValue={(when) =>
                  change(index, (moment) => {
                    moment.when = when;
                  })
                }
              />
              <TextInput
                path={`${path}.title`}
                label="Title"
                value={entry.title}
                onValue={(title) =>
                  change(index, (moment) => {
                    moment.title = title;
                  })
                }
              />
              <TextInput
                path={`${path}.text`}
                label="Text"
                multiline
                value={entry.text}
                onValue={(text) =>
                  change(index, (moment) => {
                    moment.text = text;
                  })
                }
              />
              <EntryActions
                name={entry.when || `moment ${index + 1}`}
                index={index}
                count={draft.timeline.length}
                onMove={(to) => {
                  edit((about) => {
                    about.timeline = moved(about.timeline, index, to);
                  });
                  focusAfterRender(fieldId(`timeline.${to}.when`));
                }}
                onRemove={() =>
                  edit((about) => {
                    about.timeline.splice(index, 1);
                  })
                }
              />
            </li>
          );
        })}
      </ol>
      <AddButton
        onClick={() => {
          edit((about) => {
            about.timeline.push({ when: '', title: '', text: '' });
          });
          focusAfterRender(fieldId(`timeline.${draft.timeline.length}.when`));
        }}
      >
        Add a moment
      </AddButton>
    </FieldCard>
  );
}

function AboutForm(editor: DraftEditor<About>) {
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
            editor.edit((about) => {
              about.intro = intro;
            })
          }
        />
      </FieldCard>
      <Story {...editor} />
      <FieldCard title="Picture beside our story">
        <PicturePicker
          path="picture"
          purpose="the picture beside our story"
          picture={editor.draft.picture}
          sitePicture={siteAboutPicture}
          onPicture={(picture) =>
            editor.edit((about) => {
              about.picture = picture;
            })
          }
        />
      </FieldCard>
      <Values {...editor} />
      <Timeline {...editor} />
    </>
  );
}

/** The about page: its introduction, story and the picture beside it, values and timeline. */
export function AboutEditor() {
  return (
    <ContentEditor
      contentKey="about"
      description="The pub’s story and its picture, what it stands for, and its timeline."
      words={ABOUT_WORDS}
    >
      {(editor) => <AboutForm {...editor} />}
    </ContentEditor>
  );
}
