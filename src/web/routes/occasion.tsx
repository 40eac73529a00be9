import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { utmSourceOf } from '#shared/booking/utm-source.ts';
import { pageDataKey } from '#shared/content/page-data.ts';
import { occasionNotFoundMeta, occasionPageMeta } from '#shared/content/page-meta.ts';
import { isTicketed } from '#shared/occasions/rules.ts';
import { LoadFailed } from '../components/load-failed.tsx';
import { useVenue } from '../features/content/site-content.tsx';
import { occasionOrNull } from '../features/occasions/api.ts';
import { OccasionBookingForm } from '../features/occasions/booking-form.tsx';
import {
  OccasionAbout,
  OccasionDates,
  OccasionHero,
  OccasionMenu,
  OccasionTerms,
} from '../features/occasions/occasion-parts.tsx';
import { useAsync } from '../hooks/use-async.ts';

/** /occasions/:slug: a set-menu occasion or a ticketed event, its dates, menu and terms, and its booking form. */
export function Component() {
  const slug = useParams().slug ?? '';
  const utmSource = utmSourceOf(useSearchParams()[0].get('utm_source')) ?? null;
  const state = useAsync(() => occasionOrNull(slug), pageDataKey.occasion(slug));
  const page = state.status === 'done' ? state.value : undefined;

  const venue = useVenue();
  useEffect(() => {
    if (page !== undefined) {
      document.title = (page ? occasionPageMeta(page.occasion, venue) : occasionNotFoundMeta(venue)).title;
    }
  }, [page, venue]);

  if (state.status !== 'done') {
    return (
      <div className="container-page min-h-[60vh] py-20">
        {state.status === 'loading' ? <p role="status">Loading…</p> : <LoadFailed error={state.error} />}
      </div>
    );
  }
  if (!page) {
    return (
      <div className="container-page py-24 text-center">
        <h1 className="font-serif text-4xl">Occasion not found</h1>
        <p className="mx-auto mt-4 max-w-md text-ink-soft">
          That occasion isn’t on our calendar — it may have been and gone, or the link may be mistyped.
        </p>
        <Link to="/events" className="btn-dark mt-8">
          See what’s on
        </Link>
      </div>
    );
  }
  const { occasion } = page;
  return (
    <>
      <OccasionHero page={page} />
      <div className="container-page space-y-10 py-10 sm:py-14">
        <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_24rem]">
          <div className="space-y-8">
            <div className="card p-5 sm:p-8">
              <OccasionAbout occasion={occasion} />
            </div>
            <OccasionMenu occasion={occasion} />
          </div>
          <div className="space-y-8">
            <OccasionTerms occasion={occasion} />
            <OccasionDates page={page} />
          </div>
        </div>
        <section aria-labelledby="occasion-book" className="space-y-5">
          <h2 id="occasion-book" className="font-serif text-3xl text-green-900 sm:text-4xl">
            {isTicketed(occasion) ? 'Buy tickets' : 'Book your table'}
          </h2>
          <OccasionBookingForm slug={slug} page={page} utmSource={utmSource} />
        </section>
      </div>
    </>
  );
}
