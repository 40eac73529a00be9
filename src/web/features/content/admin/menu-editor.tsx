import { useState } from 'react';
import { MENU_TABS, type MenuTab, type MenuTabId, menuTabOf, sectionHeading } from '#shared/content/menu.ts';
import { type Menu, menuSchema } from '#shared/content/schemas.ts';
import type { ChangeWords } from './changes.ts';
import { DISH_WORDS, DietaryBadgeOptions } from './dish-editor.tsx';
import { ContentEditor } from './editor-shell.tsx';
import { FieldCard, TextInput, useDraft } from './fields.tsx';
import { PartButtons } from './part-buttons.tsx';
import { MenuSections } from './section-card.tsx';

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

function DealCard({ dealKey, title }: { dealKey: DealKey; title: string }) {
  return (
    <FieldCard title={title}>
      <TextInput path={`${dealKey}.title`} label="Title" />
      <TextInput
        path={`${dealKey}.price`}
        label="Price"
        hint="As guests read it, e.g. £12 or 2 courses £15"
      />
      <TextInput path={`${dealKey}.description`} label="Description" multiline />
    </FieldCard>
  );
}

function MenuForm() {
  const [tabId, setTabId] = useState<MenuTabId>('main');
  const titles = Object.keys(useDraft<Menu>().draft.sections);
  const tab = MENU_TABS.find((candidate) => candidate.id === tabId) ?? MENU_TABS[0];
  if (!tab) return null;
  const titlesOf = (id: MenuTabId) => titles.filter((title) => menuTabOf(title) === id);
  const parts = MENU_TABS.map((candidate) => {
    const deal = TAB_DEALS[candidate.id]?.key;
    const sections = titlesOf(candidate.id).map((title) => `sections.${title}`);
    return { id: candidate.id, label: candidate.label, paths: deal ? [...sections, deal] : sections };
  });
  const deal = TAB_DEALS[tab.id];

  return (
    <>
      <DietaryBadgeOptions />
      <PartButtons label="Menu" parts={parts} selected={tab.id} onSelect={setTabId} />
      <p className="text-ink-soft">
        {tab.title}: {tab.subtitle}. The site lists the sections in the usual menu order.
      </p>
      <MenuSections
        shown={titlesOf(tab.id)}
        titleOf={titleIn(tab)}
        headingOf={sectionHeading}
        withBadge
        addLabel={`Add a section to ${tab.label}`}
      />
      {deal ? <DealCard dealKey={deal.key} title={deal.title} /> : null}
    </>
  );
}

/** The food menu: its tabs' sections and dishes, with prices, allergens and what is off today. */
export function MenuEditor() {
  return (
    <ContentEditor
      contentKey="menu"
      schema={menuSchema}
      description="Dishes, prices and allergens of the lunch, main, Sunday and children’s menus."
      words={MENU_WORDS}
    >
      <MenuForm />
    </ContentEditor>
  );
}
