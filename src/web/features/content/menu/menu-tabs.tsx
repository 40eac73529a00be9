import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import {
  availableTabs,
  initialTab,
  type MenuTab,
  type MenuTabId,
  sectionsForTab,
  tabFromHash,
} from '../../../../shared/content/menu.ts';
import type { Menu } from '../../../../shared/content/schemas.ts';
import { Flourish, MenuSectionList } from './menu-section.tsx';

const tabClass =
  'inline-flex shrink-0 items-center gap-1.5 rounded-full px-3 py-2 text-sm font-semibold whitespace-nowrap no-underline transition-colors sm:px-4 sm:text-[0.95rem]';

/**
 * The menu's tabs (WAI-ARIA tabs pattern: arrow keys, Home and End move between tabs and select them).
 * Each panel's id is its tab's anchor ("#sunday"), so a link to /menu#sunday opens and scrolls to it; a tab
 * the guest picks is written back to the address bar without a new history entry.
 */
export function MenuTabs({ menu }: { menu: Menu }) {
  const location = useLocation();
  const tabs = useMemo(() => availableTabs(menu.sections), [menu]);
  const [selected, setSelected] = useState(() => initialTab(location.hash, tabs));
  const [seenKey, setSeenKey] = useState(location.key);
  const tabRefs = useRef(new Map<MenuTabId, HTMLButtonElement>());
  const barRef = useRef<HTMLDivElement>(null);
  const panelsRef = useRef<HTMLDivElement>(null);
  const baseId = useId();

  // A link to another anchor of this page (the drawer's "Sunday Roasts", a deal below) switches tab
  // during render, so the panel is visible when the router scrolls to it.
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    const fromHash = tabFromHash(location.hash, tabs);
    if (fromHash) setSelected(fromHash);
  }

  if (tabs.length === 0 || !selected) {
    return <p className="container-page py-12 text-center text-lg">Menu coming soon.</p>;
  }

  function select(tab: MenuTab, focus: boolean) {
    setSelected(tab.id);
    if (focus) tabRefs.current.get(tab.id)?.focus();
    window.history.replaceState(window.history.state, '', `#${tab.anchor}`);
    // When the guest has read far down a long menu, bring the top of the new one back under the tabs.
    const bar = barRef.current?.getBoundingClientRect();
    const panels = panelsRef.current?.getBoundingClientRect();
    if (bar && panels && panels.top < bar.bottom) {
      window.scrollTo({ top: window.scrollY + panels.top - bar.bottom });
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const count = tabs.length;
    const targets: Record<string, number> = {
      ArrowRight: (index + 1) % count,
      ArrowLeft: (index - 1 + count) % count,
      Home: 0,
      End: count - 1,
    };
    const target = targets[event.key];
    const tab = target === undefined ? undefined : tabs[target];
    if (!tab) return;
    event.preventDefault();
    select(tab, true);
  }

  const tabId = (id: MenuTabId) => `${baseId}-tab-${id}`;

  return (
    <div>
      <div
        ref={barRef}
        className="sticky top-16 z-30 border-y border-cream-200 bg-cream-50/95 backdrop-blur supports-[backdrop-filter]:bg-cream-50/85 lg:top-20"
      >
        <div className="container-page relative">
          {/* On a phone the last tabs scroll sideways; the fade says there is more. */}
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 right-0 z-10 w-8 bg-gradient-to-l from-cream-50 sm:hidden"
          />
          <div className="-mx-5 flex items-center gap-1 overflow-x-auto px-5 py-2.5 [scrollbar-width:none] sm:mx-0 sm:justify-center sm:px-0">
            <div role="tablist" aria-label="Menus" className="flex gap-1" onKeyDown={onKeyDown}>
              {tabs.map((tab) => {
                const active = tab.id === selected;
                return (
                  <button
                    key={tab.id}
                    ref={(element) => {
                      if (element) tabRefs.current.set(tab.id, element);
                      else tabRefs.current.delete(tab.id);
                    }}
                    type="button"
                    role="tab"
                    id={tabId(tab.id)}
                    aria-selected={active}
                    aria-controls={tab.anchor}
                    tabIndex={active ? 0 : -1}
                    onClick={() => select(tab, false)}
                    className={`${tabClass} ${
                      active ? 'bg-green-800 text-cream-50' : 'text-green-900 hover:bg-cream-200'
                    }`}
                  >
                    {tab.label}
                  </button>
                );
              })}
            </div>
            <span aria-hidden="true" className="mx-1 h-6 w-px shrink-0 bg-cream-300" />
            <Link
              to="/menu/showtimeMenu"
              className={`${tabClass} border border-dashed border-brass-500 text-brass-700 hover:bg-brass-300/40`}
            >
              Showtime Menu
              <svg viewBox="0 0 16 16" className="h-3.5 w-3.5" aria-hidden="true">
                <path
                  d="M5 3l5 5-5 5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </Link>
          </div>
        </div>
      </div>

      <div ref={panelsRef} className="container-page py-10 sm:py-14">
        {tabs.map((tab) => {
          return (
            <div
              key={tab.id}
              id={tab.anchor}
              role="tabpanel"
              aria-labelledby={tabId(tab.id)}
              hidden={tab.id !== selected}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: the tabs pattern lets Tab move from the tab to its panel
              tabIndex={0}
              className="scroll-mt-40 rounded-lg lg:scroll-mt-44"
            >
              <header className="text-center">
                <h2 className="font-serif text-3xl sm:text-4xl">{tab.title}</h2>
                <p className="mt-2 font-serif text-lg text-ink-soft italic">{tab.subtitle}</p>
                <Flourish />
              </header>
              <div className="mx-auto mt-8 max-w-5xl">
                <MenuSectionList sections={sectionsForTab(menu.sections, tab.id)} />
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
