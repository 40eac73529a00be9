import { useState } from 'react';
import { MENU_TABS, type MenuTab, type MenuTabId, menuTabOf, sectionHeading } from '#shared/content/menu.ts';
import type { Menu } from '#shared/content/schemas.ts';
import { plural } from '#shared/text/plural.ts';
import type { ChangeWords } from './changes.ts';
import { DISH_WORDS, DietaryBadgeOptions, newDish } from './dish-editor.tsx';
import { ContentEditor, type DraftEditor } from './editor-shell.tsx';
import { FieldCard, TextInput, useProblemCount } from './fields.tsx';
import { AddButton, useFocusAfterRender } from './list-entries.tsx';
import { freeTitle, headingFieldId, renamed, SectionCard } from './section-card.tsx';

const MENU_WORDS = {
  fields: {
    ...DISH_WORDS.fields,
    sections: '',
    lunchDeal: 'lunch deal',
    kidsDeal: 'children’s deal',
  },
  values: DISH_WORDS.values,
  records: ['sections'],
  items: { sections: 'dish' },
} satisfies ChangeWords;

type DealKey = 'lunchDeal' | 'kidsDeal';

/** The deal each tab shows under its sections. */
const TAB_DEALS: Partial<Record<MenuTabId, { key: DealKey; title: string }>> = {
  lunch: { key: 'lunchDeal', title: 'Lunch deal' },
  children: { key: 'kidsDeal', title: 'Children’s deal' },
};

function titleIn(tab: MenuTab) {
  return (heading: string) => `${tab.prefix}: ${heading}`;
}

function TabButton({
  tab,
  titles,
  pressed,
  onSelect,
}: {
  tab: MenuTab;
  titles: readonly string[];
  pressed: boolean;
  onSelect: () => void;
}) {
  const deal = TAB_DEALS[tab.id]?.key;
  const problems = useProblemCount(...titles.map((title) => `sections.${title}`), ...(deal ? [deal] : []));
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onSelect}
      className={`min-h-11 rounded-full border-2 px-4 py-1.5 font-semibold transition-colors ${
        pressed
          ? 'border-green-800 bg-green-800 text-cream-50'
          : 'border-green-800/25 bg-white text-green-800 hover:border-green-800 hover:bg-cream-100'
      }`}
    >
      {tab.label}
      {problems > 0 ? ` (${plural(problems, 'problem', 'problems')})` : ''}
    </button>
  );
}

function DealCard({ dealKey, title, draft, edit }: { dealKey: DealKey; title: string } & DraftEditor<Menu>) {
  const deal = draft[dealKey];
  const set = (field: keyof typeof deal) => (value: string) =>
    edit((menu) => {
      menu[dealKey][field] = value;
    });
  return (
    <FieldCard title={title}>
      <TextInput path={`${dealKey}.title`} label="Title" value={deal.title} onValue={set('title')} />
      <TextInput
        path={`${dealKey}.price`}
        label="Price"
        hint="As guests read it, e.g. £12 or 2 courses £15"
        value={deal.price}
        onValue={set('price')}
      />
      <TextInput
        path={`${dealKey}.description`}
        label="Description"
        multiline
        value={deal.description}
        onValue={set('description')}
      />
    </FieldCard>
  );
}

function MenuForm({ draft, edit }: DraftEditor<Menu>) {
  const [tabId, setTabId] = useState<MenuTabId>('main');
  const focusAfterRender = useFocusAfterRender();
  const tab = MENU_TABS.find((candidate) => candidate.id === tabId) ?? MENU_TABS[0];
  if (!tab) return null;
  const allTitles = Object.keys(draft.sections);
  const titlesOf = (id: MenuTabId) => allTitles.filter((title) => menuTabOf(title) === id);
  const titleOf = titleIn(tab);
  const deal = TAB_DEALS[tab.id];

  function addSection() {
    const title = freeTitle(draft.sections, titleOf);
    edit((menu) => {
      menu.sections[title] = [newDish()];
    });
    focusAfterRender(headingFieldId(title));
  }

  return (
    <>
      <DietaryBadgeOptions />
      {/* biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset */}
      <div role="group" aria-label="Menu" className="flex flex-wrap gap-2">
        {MENU_TABS.map((candidate) => (
          <TabButton
            key={candidate.id}
            tab={candidate}
            titles={titlesOf(candidate.id)}
            pressed={candidate.id === tab.id}
            onSelect={() => setTabId(candidate.id)}
          />
        ))}
      </div>
      <p className="text-ink-soft">
        {tab.title}: {tab.subtitle}. The site lists the sections in the usual menu order.
      </p>
      {titlesOf(tab.id).map((title) => (
        <SectionCard
          key={allTitles.indexOf(title)}
          title={title}
          heading={sectionHeading(title)}
          titleOf={titleOf}
          otherTitles={allTitles.filter((other) => other !== title)}
          dishes={draft.sections[title] ?? []}
          withBadge
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
      <AddButton onClick={addSection}>Add a section to {tab.label}</AddButton>
      {deal ? <DealCard dealKey={deal.key} title={deal.title} draft={draft} edit={edit} /> : null}
    </>
  );
}

/** The food menu: its tabs' sections and dishes, with prices, allergens and what is off today. */
export function MenuEditor() {
  return (
    <ContentEditor
      contentKey="menu"
      description="Dishes, prices and allergens of the lunch, main, Sunday and children’s menus."
      words={MENU_WORDS}
    >
      {(editor) => <MenuForm {...editor} />}
    </ContentEditor>
  );
}
