import type { ShowtimeMenu } from '#shared/content/schemas.ts';
import type { ChangeWords } from './changes.ts';
import { DISH_WORDS, newDish } from './dish-editor.tsx';
import { ContentEditor, type DraftEditor } from './editor-shell.tsx';
import { FieldCard, TextInput } from './fields.tsx';
import { AddButton, useFocusAfterRender } from './list-entries.tsx';
import { freeTitle, headingFieldId, renamed, SectionCard } from './section-card.tsx';

const SHOWTIME_WORDS = {
  fields: { ...DISH_WORDS.fields, sections: '' },
  values: DISH_WORDS.values,
  records: ['sections'],
  items: { sections: 'dish' },
} satisfies ChangeWords;

const asIs = (heading: string) => heading;

function ShowtimeForm({ draft, edit }: DraftEditor<ShowtimeMenu>) {
  const focusAfterRender = useFocusAfterRender();
  const titles = Object.keys(draft.sections);

  function addSection() {
    const title = freeTitle(draft.sections, asIs);
    edit((menu) => {
      menu.sections[title] = [newDish()];
    });
    focusAfterRender(headingFieldId(title));
  }

  return (
    <>
      <FieldCard title="Page">
        <TextInput
          path="title"
          label="Title"
          value={draft.title}
          onValue={(value) =>
            edit((menu) => {
              menu.title = value;
            })
          }
        />
        <TextInput
          path="intro"
          label="Introduction"
          multiline
          rows={4}
          value={draft.intro}
          onValue={(value) =>
            edit((menu) => {
              menu.intro = value;
            })
          }
        />
      </FieldCard>
      {titles.map((title, index) => (
        <SectionCard
          // biome-ignore lint/suspicious/noArrayIndexKey: a section keeps its place while its title is retyped
          key={index}
          title={title}
          heading={title}
          titleOf={asIs}
          otherTitles={titles.filter((other) => other !== title)}
          dishes={draft.sections[title] ?? []}
          withBadge={false}
          onRename={(next) =>
            edit((menu) => {
              menu.sections = renamed(menu.sections, title, next);
            })
          }
          onRemove={() =>
            edit((menu) => {
              delete menu.sections[title];
            })
          }
          onDishes={(dishes) =>
            edit((menu) => {
              menu.sections[title] = dishes;
            })
          }
        />
      ))}
      <AddButton onClick={addSection}>Add a section</AddButton>
    </>
  );
}

/** The quiz and comedy night menu: its title, introduction, sections and dishes. */
export function ShowtimeMenuEditor() {
  return (
    <ContentEditor
      contentKey="showtime-menu"
      description="The short menu served on quiz and comedy nights."
      words={SHOWTIME_WORDS}
    >
      {(editor) => <ShowtimeForm {...editor} />}
    </ContentEditor>
  );
}
