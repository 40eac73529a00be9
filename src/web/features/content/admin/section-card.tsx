import type { MenuItem } from '#shared/content/schemas.ts';
import { AddRowButton, RowActions, useFocusAfterRender } from '#web/forms/row-list.tsx';
import { DishList, newDish } from './dish-editor.tsx';
import { FieldCard, fieldId, type Parsed, TypedInput, useDraft } from './fields.tsx';

/** A document whose dishes sit in sections keyed by title: the menu, the showtime menu. */
interface Sectioned {
  sections: Record<string, MenuItem[]>;
}

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

/**
 * One menu section: its heading (renaming it renames the section), its dishes, and a remove button.
 * A heading another section has already, or a blank one, stays in the field with its problem.
 */
function SectionCard({
  title,
  heading,
  titleOf,
  otherTitles,
  withBadge,
}: {
  title: string;
  heading: string;
  titleOf: (heading: string) => string;
  otherTitles: readonly string[];
  withBadge: boolean;
}) {
  const { edit } = useDraft<Sectioned>();

  function parseHeading(text: string): Parsed<string> {
    const typed = text.trim();
    if (typed === '') return { problem: 'needs a heading, e.g. Starters' };
    if (otherTitles.includes(titleOf(typed)))
      return { problem: `another section is already called ${typed}` };
    return { value: typed };
  }

  const path = `sections.${title}`;
  const remove = () =>
    edit((menu) => {
      delete menu.sections[title];
    });
  return (
    <FieldCard
      title={heading}
      actions={<RowActions name={`section ${heading}`} index={0} count={1} onRemove={remove} />}
    >
      <TypedInput
        path={path}
        label="Section heading"
        value={heading}
        format={String}
        parse={parseHeading}
        inputMode="text"
        onValue={(typed) =>
          edit((menu) => {
            menu.sections = renamed(menu.sections, title, titleOf(typed));
          })
        }
      />
      <DishList path={path} sectionName={heading} withBadge={withBadge} />
    </FieldCard>
  );
}

/**
 * The sections of a menu with their dishes (those of one tab, when `shown` names them), and a button adding
 * one. `titleOf` makes a section's title of the heading staff type ("Starters" → "Main: Starters").
 */
export function MenuSections({
  shown,
  titleOf,
  headingOf,
  withBadge,
  addLabel,
}: {
  shown?: readonly string[];
  titleOf: (heading: string) => string;
  headingOf: (title: string) => string;
  withBadge: boolean;
  addLabel: string;
}) {
  const { draft, edit } = useDraft<Sectioned>();
  const focusAfterRender = useFocusAfterRender();
  const titles = Object.keys(draft.sections);

  function addSection() {
    const title = freeTitle(draft.sections, titleOf);
    edit((menu) => {
      menu.sections[title] = [newDish()];
    });
    focusAfterRender(fieldId(`sections.${title}`));
  }

  return (
    <>
      {(shown ?? titles).map((title) => (
        <SectionCard
          // A section keeps its place, and its fields, while its heading is retyped.
          key={titles.indexOf(title)}
          title={title}
          heading={headingOf(title)}
          titleOf={titleOf}
          otherTitles={titles.filter((other) => other !== title)}
          withBadge={withBadge}
        />
      ))}
      <AddRowButton onClick={addSection}>{addLabel}</AddRowButton>
    </>
  );
}
