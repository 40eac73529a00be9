import { showtimeMenuSchema } from '#shared/content/schemas.ts';
import type { ChangeWords } from './changes.ts';
import { DISH_WORDS } from './dish-editor.tsx';
import { ContentEditor } from './editor-shell.tsx';
import { FieldCard, TextInput } from './fields.tsx';
import { MenuSections } from './section-card.tsx';

const SHOWTIME_WORDS = {
  fields: { ...DISH_WORDS.fields, sections: '' },
  values: DISH_WORDS.values,
  records: ['sections'],
  items: { sections: 'dish' },
} satisfies ChangeWords;

const asIs = (heading: string) => heading;

/** The quiz and comedy night menu: its title, introduction, sections and dishes. */
export function ShowtimeMenuEditor() {
  return (
    <ContentEditor
      contentKey="showtime-menu"
      schema={showtimeMenuSchema}
      description="The short menu served on quiz and comedy nights."
      words={SHOWTIME_WORDS}
    >
      <FieldCard title="Page">
        <TextInput path="title" label="Title" />
        <TextInput path="intro" label="Introduction" multiline rows={4} />
      </FieldCard>
      <MenuSections titleOf={asIs} headingOf={asIs} withBadge={false} addLabel="Add a section" />
    </ContentEditor>
  );
}
