import { COURSES, type Course } from '#shared/christmas/ids.ts';
import { type ChristmasDish, christmasMenuSchema } from '#shared/christmas/season-schema.ts';
import type { ChangeWords } from './changes.ts';
import { AllergenChecklist } from './choice-fields.tsx';
import { allergenWords } from './dish-editor.tsx';
import { ContentEditor } from './editor-shell.tsx';
import { FieldCard, TextInput } from './fields.tsx';
import { DraftRowList, FoldingEntry } from './list-entries.tsx';

const CHRISTMAS_MENU_WORDS = {
  values: { allergens: allergenWords },
} satisfies ChangeWords;

const COURSE_TITLES: Record<Course, string> = { starters: 'Starters', mains: 'Mains', desserts: 'Desserts' };

/** The Christmas Day menu: what each starter, main and dessert is, and its allergens. */
export function ChristmasMenuEditor() {
  return (
    <ContentEditor
      contentKey="christmas-menu"
      schema={christmasMenuSchema}
      description="The dishes guests choose from when they book Christmas Day, with their allergens."
      words={CHRISTMAS_MENU_WORDS}
    >
      <p className="text-ink-soft">
        The number of dishes in each course is fixed, and the last dessert is always the cheese board: change
        what each dish is, not how many there are.
      </p>
      {COURSES.map((course) => (
        <FieldCard key={course} title={COURSE_TITLES[course]}>
          <DraftRowList<ChristmasDish>
            path={course}
            label={`${COURSE_TITLES[course]} dishes`}
            className="space-y-2"
            reorderable={false}
            removable={false}
          >
            {({ row, path }) => (
              <FoldingEntry path={path} title={row.name.trim() || 'Unnamed dish'}>
                <TextInput path={`${path}.name`} label="Name" />
                <TextInput path={`${path}.description`} label="Description" multiline />
                <AllergenChecklist path={`${path}.allergens`} />
              </FoldingEntry>
            )}
          </DraftRowList>
        </FieldCard>
      ))}
    </ContentEditor>
  );
}
