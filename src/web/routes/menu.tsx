import { Link } from 'react-router';
import { availableTabs, DIETARY_BADGES } from '#shared/content/menu.ts';
import { PageHero } from '../components/page-hero.tsx';
import { MenuDeals } from '../features/content/menu/menu-deals.tsx';
import { MenuBadge } from '../features/content/menu/menu-section.tsx';
import { MenuTabs } from '../features/content/menu/menu-tabs.tsx';
import { useVenue } from '../features/content/site-content.tsx';
import { useContent } from '../features/content/use-content.ts';

export function Component() {
  const venue = useVenue();
  const menu = useContent('menu');
  const hero = (
    <PageHero eyebrow={`Food at ${venue.name}`} title="Our Menu">
      Proper pub food cooked in our own kitchen — a £12 weekday lunch, supper by the fire and a Sunday roast
      worth the walk.
    </PageHero>
  );
  if (!menu) {
    return (
      <>
        {hero}
        <p role="status" className="container-page min-h-[60rem] py-12">
          Loading the menu…
        </p>
      </>
    );
  }
  const tabIds = new Set(availableTabs(menu.sections).map((tab) => tab.id));
  return (
    <>
      {hero}
      <MenuTabs menu={menu} />
      <MenuDeals
        lunchDeal={menu.lunchDeal}
        kidsDeal={menu.kidsDeal}
        lunchLink={tabIds.has('lunch')}
        kidsLink={tabIds.has('children')}
      />
      <MenuFooterNote />
    </>
  );
}

function MenuFooterNote() {
  return (
    <section aria-label="Allergies and prices" className="container-page pt-12 text-center sm:pt-16">
      <div className="mx-auto max-w-2xl space-y-2 text-ink-soft">
        <p>All prices include VAT.</p>
        <p>
          <strong className="text-ink">Allergies?</strong> Please tell a member of staff about any allergies
          or intolerances before ordering.
        </p>
        <p>Many of our dishes can be made vegan — ask us.</p>
      </div>
      <ul
        aria-label="Dietary key"
        className="mt-6 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-ink-soft"
      >
        {Object.entries(DIETARY_BADGES).map(([code, label]) => (
          <li key={code} className="flex items-center">
            <span aria-hidden="true">
              <MenuBadge badge={code} className="" />
            </span>
            <span className="ml-1.5">{label}</span>
          </li>
        ))}
      </ul>
      <p className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
        <Link to="/bookings" className="btn-dark">
          Book a Table
        </Link>
        <Link to="/menu/showtimeMenu" className="btn-outline">
          Quiz &amp; Comedy Night Menu
        </Link>
      </p>
    </section>
  );
}
