import type { MenuItem } from '#shared/content/schemas.ts';
import { DishList } from './dish-editor.tsx';
import { FieldCard, fieldId, type Parsed, TypedInput } from './fields.tsx';
import { EntryActions } from './list-entries.tsx';

/** A record with one key renamed, in the same place among the others. */
export function renamed<T>(record: Record<string, T>, from: string, to: string): Record<string, T> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key === from ? to : key, value]));
}

/** "Main: New section", or "Main: New section 2" when that is taken. */
export function freeTitle(record: Record<string, unknown>, titleOf: (heading: string) => string): string {
  for (let number = 1; ; number += 1) {
    const title = titleOf(number === 1 ? 'New section' : `New section ${number}`);
    if (!Object.hasOwn(record, title)) return title;
  }
}

/** The id of a section's heading field, to focus a new section. */
export function headingFieldId(title: string): string {
  return fieldId(`sections.${title}`);
}

/**
 * One menu section: its heading (renaming it renames the section), its dishes, and a remove button.
 * A heading another section has already, or a blank one, stays in the field with its problem.
 */
export function SectionCard({
  title,
  heading,
  titleOf,
  otherTitles,
  dishes,
  withBadge,
  onRename,
  onRemove,
  onDishes,
}: {
  title: string;
  heading: string;
  titleOf: (heading: string) => string;
  otherTitles: readonly string[];
  dishes: readonly MenuItem[];
  withBadge: boolean;
  onRename: (title: string) => void;
  onRemove: () => void;
  onDishes: (dishes: MenuItem[]) => void;
}) {
  function parseHeading(text: string): Parsed<string> {
    const typed = text.trim();
    if (typed === '') return { problem: 'needs a heading, e.g. Starters' };
    if (otherTitles.includes(titleOf(typed)))
      return { problem: `another section is already called ${typed}` };
    return { value: typed };
  }

  const path = `sections.${title}`;
  return (
    <FieldCard
      title={heading}
      actions={<EntryActions name={`section ${heading}`} index={0} count={1} onRemove={onRemove} />}
    >
      <TypedInput
        path={path}
        label="Section heading"
        value={heading}
        format={String}
        parse={parseHeading}
        inputMode="text"
        onValue={(typed) => onRename(titleOf(typed))}
      />
      <DishList dishes={dishes} path={path} sectionName={heading} withBadge={withBadge} onDishes={onDishes} />
    </FieldCard>
  );
}
