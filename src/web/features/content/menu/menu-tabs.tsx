import { type KeyboardEvent, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import {
  availableTabs,
  initialTab,
  type MenuTab,
  type MenuTabId,
  menuTab,
  sectionsForTab,
  tabFromHash,
} from '#shared/content/menu.ts';
import type { Menu } from '#shared/content/schemas.ts';
import { Chevron } from '#web/components/chevron.tsx';
import { KeptFromServer } from '#web/components/kept-from-server.tsx';
import { useHydrated } from '#web/hooks/use-hydrated.ts';
import { Flourish, MenuSectionList } from './menu-section.tsx';

/**
 * The hash as this render may use it. The server never sees it, so while the server's markup is being
 * hydrated it reads as none; the render after hydration sees the address bar's.
 */
function useVisibleHash(hash: string): string {
  return useHydrated() ? hash : '';
}

const tabClass =
  'inline-flex shrink-0 items-center gap-1.5 rounded-full px-3 py-2 text-sm font-semibold whitespace-nowrap no-underline transition-colors sm:px-4 sm:text-[0.95rem]';

/**
 * The menu's tabs (WAI-ARIA tabs pattern: arrow keys, Home and End move between tabs and select them).
 * Each panel's id is its tab's anchor ("#sunday"), so a link to /menu#sunday opens and scrolls to it; a tab
 * the guest picks is written back to the address bar without a new history entry. A page the server
 * rendered (a shared link, a reload) opens the hash's tab once hydrated, and scrolls to it then.
 */
export function MenuTabs({ menu }: { menu: Menu }) {
  const location = useLocation();
  const hash = useVisibleHash(location.hash);
  const tabs = useMemo(() => availableTabs(menu.sections), [menu]);
  const [selected, setSelected] = useState(() => initialTab(hash, tabs));
  const [seen, setSeen] = useState({ key: location.key, hash });
  const [scrollToSelected, setScrollToSelected] = useState(false);
  const tabRefs = useRef(new Map<MenuTabId, HTMLButtonElement>());
  const barRef = useRef<HTMLDivElement>(null);
  const panelsRef = useRef<HTMLDivElement>(null);
  const baseId = useId();

  // A link to another anchor of this page (the drawer's "Sunday Roasts", a deal below) switches tab
  // during render, so the panel is visible when the router scrolls to it. The hash first seen after
  // hydration is no navigation: nothing else scrolls to its panel, which was hidden until now.
  if (seen.key !== location.key || seen.hash !== hash) {
    setSeen({ key: location.key, hash });
    const fromHash = tabFromHash(hash, tabs);
    if (fromHash) {
      setSelected(fromHash);
      if (seen.key === location.key) setScrollToSelected(true);
    }
  }

  useLayoutEffect(() => {
    if (!scrollToSelected || !selected) return;
    setScrollToSelected(false);
    document.getElementById(menuTab(selected).anchor)?.scrollIntoView();
  }, [scrollToSelected, selected]);

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
        {/* On a phone the Showtime Menu goes to a line of its own rather than off the edge of the screen. */}
        <div className="container-page">
          <div className="flex flex-wrap items-center justify-center gap-x-1 gap-y-1.5 py-2.5">
            <div
              role="tablist"
              aria-label="Menus"
              className="flex flex-wrap justify-center gap-1"
              onKeyDown={onKeyDown}
            >
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
            <span aria-hidden="true" className="mx-1 hidden h-6 w-px shrink-0 bg-cream-300 sm:block" />
            <Link
              to="/menu/showtimeMenu"
              className={`${tabClass} border border-dashed border-brass-500 text-brass-700 hover:bg-brass-300/40`}
            >
              Showtime Menu
              <Chevron direction="right" className="h-3.5 w-3.5" />
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
              className="scroll-mt-48 rounded-lg sm:scroll-mt-40 lg:scroll-mt-44"
            >
              <header className="text-center">
                <h2 className="font-serif text-3xl sm:text-4xl">{tab.title}</h2>
                <p className="mt-2 font-serif text-lg text-ink-soft italic">{tab.subtitle}</p>
                <Flourish />
              </header>
              <KeptFromServer from={[menu]} className="mx-auto mt-8 max-w-5xl">
                <MenuSectionList sections={sectionsForTab(menu.sections, tab.id)} />
              </KeptFromServer>
            </div>
          );
        })}
      </div>
    </div>
  );
}
