import { picture as siteAboutPicture } from '#content/about.json';
import { type About, aboutSchema } from '#shared/content/schemas.ts';
import type { ChangeWords } from './changes.ts';
import { ContentEditor } from './editor-shell.tsx';
import { FieldCard, TextInput } from './fields.tsx';
import { RowsCard } from './list-entries.tsx';
import { PicturePicker } from './picture-picker.tsx';

const ABOUT_WORDS = {
  fields: { intro: 'introduction', when: 'when', picture: 'picture beside our story', alt: 'description' },
  items: { story: 'paragraph', values: 'value', timeline: 'moment' },
  pictures: ['picture'],
} satisfies ChangeWords;

type TimelineEntry = About['timeline'][number];
type Value = About['values'][number];

function AboutForm() {
  return (
    <>
      <FieldCard title="Introduction">
        <TextInput path="intro" label="Introduction" multiline rows={4} />
      </FieldCard>
      <RowsCard<string>
        title="Our story"
        label="Story paragraphs"
        path="story"
        ordered
        nameOf={(_, index) => `paragraph ${index + 1}`}
        newRow={() => ''}
        addLabel="Add a paragraph"
        focusField=""
        focusFollowsMove
      >
        {({ path, index }) => <TextInput path={path} label={`Paragraph ${index + 1}`} multiline rows={6} />}
      </RowsCard>
      <FieldCard title="Picture beside our story">
        <PicturePicker path="picture" purpose="the picture beside our story" sitePicture={siteAboutPicture} />
      </FieldCard>
      <RowsCard<Value>
        title="What we stand for"
        label="Values"
        lead={<p className="text-ink-soft">Always four, shown side by side on the page.</p>}
        path="values"
        ordered
        reorderable={false}
        removable={false}
      >
        {({ path, index }) => (
          <>
            <TextInput path={`${path}.title`} label={`Value ${index + 1}: title`} />
            <TextInput path={`${path}.text`} label={`Value ${index + 1}: text`} multiline />
          </>
        )}
      </RowsCard>
      <RowsCard<TimelineEntry>
        title="Timeline"
        path="timeline"
        ordered
        nameOf={(entry, index) => entry.when || `moment ${index + 1}`}
        newRow={() => ({ when: '', title: '', text: '' })}
        addLabel="Add a moment"
        focusField="when"
        focusFollowsMove
      >
        {({ path }) => (
          <>
            <TextInput path={`${path}.when`} label="When" hint="A year, a decade or “Today”" />
            <TextInput path={`${path}.title`} label="Title" />
            <TextInput path={`${path}.text`} label="Text" multiline />
          </>
        )}
      </RowsCard>
    </>
  );
}

/** The about page: its introduction, story and the picture beside it, values and timeline. */
export function AboutEditor() {
  return (
    <ContentEditor
      contentKey="about"
      schema={aboutSchema}
      description="The pub’s story and its picture, what it stands for, and its timeline."
      words={ABOUT_WORDS}
    >
      <AboutForm />
    </ContentEditor>
  );
}
