import { Link } from 'react-router';
import { nonEmptySections } from '#shared/content/menu.ts';
import type { ShowtimeMenu } from '#shared/content/schemas.ts';
import { Chevron } from '#web/components/chevron.tsx';
import { PageHero } from '#web/components/page-hero.tsx';
import { MenuSectionList } from './menu-section.tsx';

/** The quiz and comedy night menu; 'Menu coming soon.' while it has no dishes. */
export function ShowtimeMenuView({ menu }: { menu: ShowtimeMenu }) {
  const sections = nonEmptySections(menu.sections);
  return (
    <>
      <PageHero eyebrow="Quiz & comedy nights" title={menu.title}>
        {menu.intro ? <p>{menu.intro}</p> : null}
      </PageHero>
      <div className="container-page py-8 sm:py-10">
        <p className="mx-auto max-w-5xl">
          <Link to="/menu" className="link inline-flex items-center gap-1.5">
            <Chevron direction="left" className="h-3.5 w-3.5" />
            Back to the main menu
          </Link>
        </p>
        <div className="mx-auto mt-10 max-w-5xl">
          {sections.length > 0 ? (
            <MenuSectionList sections={sections} headingLevel={2} />
          ) : (
            <p className="py-10 text-center font-serif text-2xl text-green-900">Menu coming soon.</p>
          )}
        </div>
      </div>
      <section aria-label="Allergies and booking" className="container-page text-center">
        <p className="mx-auto max-w-2xl text-ink-soft">
          All prices include VAT. Please tell a member of staff about any allergies or intolerances before
          ordering.
        </p>
        <p className="mt-6 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Link to="/events" className="btn-dark">
            See What’s On
          </Link>
          <Link to="/bookings" className="btn-outline">
            Book a Table
          </Link>
        </p>
      </section>
    </>
  );
}
