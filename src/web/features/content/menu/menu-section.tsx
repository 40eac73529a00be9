import { useId } from 'react';
import { dietaryBadgeLabel, type MenuSection } from '#shared/content/menu.ts';
import type { MenuItem } from '#shared/content/schemas.ts';
import { formatPrice } from '#shared/money/money.ts';
import { AllergenLine } from '#web/components/allergen-line.tsx';

/** A small pill: dietary codes (V, VG, GF) in green and spelled out for screen readers, others in brass. */
export function MenuBadge({ badge, className = 'ml-1' }: { badge: string; className?: string }) {
  const dietary = dietaryBadgeLabel(badge);
  const pill =
    'inline-flex -translate-y-[0.12em] items-center rounded-full px-2 py-px align-middle font-sans text-[0.68rem] leading-4 font-bold tracking-wide whitespace-nowrap';
  if (dietary) {
    return (
      <span className={`${pill} ${className} bg-green-800 text-cream-50`} title={dietary}>
        <span aria-hidden="true">{badge}</span>
        <span className="sr-only"> ({dietary})</span>
      </span>
    );
  }
  return <span className={`${pill} ${className} bg-brass-300 text-green-950 uppercase`}>{badge}</span>;
}

/** The menu's items share one shape whichever menu they are on: what a dish row needs of them. */
type DishRowItem = Pick<MenuItem, 'name' | 'ingredients' | 'pricePence' | 'allergens' | 'offToday'> & {
  badge?: string;
};

/** One dish: name and badge, a dotted leader to the price, the ingredients and allergens beneath. */
export function MenuItemRow({ item }: { item: DishRowItem }) {
  const off = item.offToday === true;
  return (
    <li className="border-t border-cream-200 py-3.5 first:border-t-0 first:pt-0 lg:nth-2:border-t-0 lg:nth-2:pt-0">
      <div className="flex items-end gap-2">
        <p
          className={`min-w-0 font-serif text-[1.08rem] leading-snug font-semibold text-green-900 ${off ? 'line-through decoration-brass-600' : ''}`}
        >
          <span>{item.name}</span>
          {off ? (
            <span className="ml-2 font-sans text-sm font-semibold text-burgundy-700 no-underline">
              Off today
            </span>
          ) : null}
          {item.badge ? (
            <>
              {' '}
              <MenuBadge badge={item.badge} />
            </>
          ) : null}
        </p>
        {item.pricePence !== undefined ? (
          <>
            <span
              aria-hidden="true"
              className="mb-[0.4em] min-w-6 flex-1 border-b-2 border-dotted border-brass-500/60"
            />
            <p className="shrink-0 font-serif text-[1.08rem] leading-snug font-semibold text-green-900 tabular-nums">
              {formatPrice(item.pricePence)}
            </p>
          </>
        ) : null}
      </div>
      {item.ingredients ? (
        <p className="mt-1 text-[0.95rem] leading-relaxed text-ink-soft">{item.ingredients}</p>
      ) : null}
      <AllergenLine allergens={item.allergens} />
    </li>
  );
}

/** A menu section: an ornamented serif heading over its dishes. */
export function MenuSectionBlock({
  section,
  headingLevel = 3,
}: {
  section: MenuSection<MenuItem>;
  headingLevel?: 2 | 3;
}) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={headingId} className="below-first-screen pb-10">
      <Heading id={headingId} className="rule-ornament text-center font-serif text-2xl sm:text-[1.7rem]">
        <span className="text-green-900">{section.heading}</span>
      </Heading>
      <ul className="mt-5 lg:grid lg:grid-cols-2 lg:gap-x-14">
        {section.items.map((item) => (
          <MenuItemRow key={item.name} item={item} />
        ))}
      </ul>
    </section>
  );
}

/** Sections one under another; on wide screens each section's dishes sit in a two-column grid. */
export function MenuSectionList({
  sections,
  headingLevel,
}: {
  sections: MenuSection<MenuItem>[];
  headingLevel?: 2 | 3;
}) {
  return (
    <div>
      {sections.map((section) => (
        <MenuSectionBlock key={section.title} section={section} headingLevel={headingLevel} />
      ))}
    </div>
  );
}

/** A brass rule with a diamond at its centre, as under the title of a printed bill of fare. */
export function Flourish({ className = '' }: { className?: string }) {
  return (
    <div aria-hidden="true" className={`rule-ornament mx-auto mt-4 max-w-56 ${className}`}>
      <svg viewBox="0 0 20 20" className="h-3 w-3" aria-hidden="true">
        <path d="M10 1l9 9-9 9-9-9z" fill="currentColor" />
      </svg>
    </div>
  );
}
