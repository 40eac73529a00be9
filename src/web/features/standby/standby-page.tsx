import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { telephoneHref } from '#shared/content/venue.ts';
import { LoadFailed } from '#web/components/load-failed.tsx';
import { PageHero } from '#web/components/page-hero.tsx';
import { useVenue } from '../content/site-content.tsx';
import type { ManagedStatus } from '../manage/managed-page.tsx';
import { PrivacyLink } from '../privacy/privacy-fields.tsx';
import { STANDBY_WORDS } from './standby-words.ts';

/**
 * A standby link's page (issue 31), the guest's place or an offer to claim: loading, a link that opens nothing
 * (`notFound`, with the pub's phone), or its content under the hero in a card named `label`.
 */
export function StandbyPage({
  status,
  title,
  lead,
  notFound,
  label,
  children,
}: {
  status: ManagedStatus;
  title: string;
  lead: ReactNode;
  notFound: string;
  label: string;
  children: ReactNode;
}) {
  const venue = useVenue();
  if (status === 'loading') {
    return (
      <div className="container-page py-20">
        <p role="status">Loading…</p>
      </div>
    );
  }
  if (typeof status === 'object') {
    return (
      <div className="container-page py-20">
        <LoadFailed error={status.failed} />
      </div>
    );
  }
  if (status === 'missing') {
    return (
      <div className="container-page py-24 text-center">
        <p className="eyebrow">{STANDBY_WORDS.eyebrow}</p>
        <h1 className="mx-auto mt-2 max-w-2xl font-serif text-3xl sm:text-4xl">{notFound}</h1>
        <p className="mt-6 text-lg">
          <a href={telephoneHref(venue.phone)} className="link font-semibold">
            Call us on {venue.phone}
          </a>
        </p>
        <Link to="/bookings" className="btn-dark mt-8">
          Book a table
        </Link>
      </div>
    );
  }
  return (
    <>
      <PageHero eyebrow={STANDBY_WORDS.eyebrow} title={title}>
        {lead}
      </PageHero>
      <div className="container-page max-w-2xl space-y-6 py-12">
        <section className="card space-y-6 p-5 sm:p-10" aria-label={label}>
          {children}
        </section>
        <PrivacyLink />
      </div>
    </>
  );
}

/** What the page says stands out: the not-a-booking words, an offer's end. */
export function StandbyNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-brass-500 bg-brass-300/30 p-4 font-semibold text-green-900">
      {children}
    </p>
  );
}
