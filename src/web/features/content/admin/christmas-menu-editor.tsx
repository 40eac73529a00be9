import { COURSES, type Course } from '#shared/christmas/ids.ts';
import type { ChristmasDish, ChristmasMenu } from '#shared/christmas/season-schema.ts';
import type { ChangeWords } from './changes.ts';
import { AllergenChecklist } from './choice-fields.tsx';
import { allergenWords } from './dish-editor.tsx';
import { ContentEditor, type DraftEditor } from './editor-shell.tsx';
import { FieldCard, TextInput } from './fields.tsx';
import { FoldingEntry, useOpenEntries } from './list-entries.tsx';

const CHRISTMAS_MENU_WORDS = {
  values: { allergens: allergenWords },
} satisfies ChangeWords;

const COURSE_TITLES: Record<Course, string> = { starters: 'Starters', mains: 'Mains', desserts: 'Desserts' };

function ChristmasDishCard({
  dish,
  path,
  open,
  onOpen,
  onDish,
}: {
  dish: ChristmasDish;
  path: string;
  open: boolean;
  onOpen: (open: boolean) => void;
  onDish: (dish: ChristmasDish) => void;
}) {
  return (
    <FoldingEntry path={path} title={dish.name.trim() || 'Unnamed dish'} open={open} onOpen={onOpen}>
      <TextInput
        path={`${path}.name`}
        label="Name"
        value={dish.name}
        onValue={(name) => onDish({ ...dish, name })}
      />
      <TextInput
        path={`${path}.description`}
        label="Description"
        multiline
        value={dish.description}
        onValue={(description) => onDish({ ...dish, description })}
      />
      <AllergenChecklist
        path={`${path}.allergens`}
        allergens={dish.allergens}
        onAllergens={(allergens) => onDish({ ...dish, allergens })}
      />
    </FoldingEntry>
  );
}

function ChristmasMenuForm({ draft, edit }: DraftEditor<ChristmasMenu>) {
  const { isOpen, setOpen } = useOpenEntries<string>();
  return (
    <>
      <p className="text-ink-soft">
        The number of dishes in each course is fixed, and the last dessert is always the cheese board: change
        what each dish is, not how many there are.
      </p>
      {COURSES.map((course) => (
        <FieldCard key={course} title={COURSE_TITLES[course]}>
          <ul aria-label={`${COURSE_TITLES[course]} dishes`} className="space-y-2">
            {draft[course].map((dish, index) => (
              <ChristmasDishCard
                key={dish.id}
                dish={dish}
                path={`${course}.${index}`}
                open={isOpen(dish.id)}
                onOpen={(open) => setOpen(dish.id, open)}
                onDish={(next) =>
                  edit((menu) => {
                    menu[course][index] = next;
                  })
                }
              />
            ))}
          </ul>
        </FieldCard>
      ))}
    </>
  );
}

/** The Christmas Day menu: what each starter, main and dessert is, and its allergens. */
export function ChristmasMenuEditor() {
  return (
    <ContentEditor
      contentKey="christmas-menu"
      description="The dishes guests choose from when they book Christmas Day, with their allergens."
      words={CHRISTMAS_MENU_WORDS}
    >
      {(editor) => <ChristmasMenuForm {...editor} />}
    </ContentEditor>
  );
}
