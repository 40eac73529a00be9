import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { telephoneHref } from '#shared/content/venue.ts';
import { MANAGE_MESSAGES } from '#shared/manage/messages.ts';
import { LoadFailed } from '#web/components/load-failed.tsx';
import { PageHero } from '#web/components/page-hero.tsx';
import type { AsyncState } from '#web/hooks/use-async.ts';
import { useVenue } from '../content/site-content.tsx';
import { PrivacyLink } from '../privacy/privacy-fields.tsx';

/** An unknown or expired link: the same page either way, with the pub's phone. */
function LinkNotFound({ title, detail }: { title: string; detail: string | undefined }) {
  const venue = useVenue();
  return (
    <div className="text-center">
      <h1 className="mx-auto max-w-2xl font-serif text-4xl">{title}</h1>
      {detail ? <p className="mx-auto mt-4 max-w-md text-ink-soft">{detail}</p> : null}
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

export type ManagedStatus = 'loading' | 'missing' | 'found' | { failed: unknown };

/** Where the page's own load stands, as `ManagedPage` shows it: an answer of null is a link that opens nothing. */
export function managedStatus(state: AsyncState<unknown>): ManagedStatus {
  if (state.status === 'failed') return { failed: state.error };
  if (state.status === 'loading') return 'loading';
  return state.value ? 'found' : 'missing';
}

/**
 * The page of a guest's own link (a table's or Christmas Day's booking, a place on the standby list, an offer):
 * loading, the same page for an unknown or expired link (`notFound`, a booking's words unless given), or its
 * content under its hero in a card named `label`. A wide one (Christmas Day's order) has room for its dishes.
 */
export function ManagedPage({
  status,
  eyebrow,
  title,
  lead,
  wide = false,
  notice,
  notFound,
  label = 'Your booking',
  children,
}: {
  status: ManagedStatus;
  eyebrow: string;
  title: string;
  lead: ReactNode;
  wide?: boolean;
  /** Said above the booking: a new booking's confirmation. */
  notice?: ReactNode;
  /** The heading of a link that opens nothing, when it is not a booking's. */
  notFound?: string;
  label?: string;
  children: ReactNode;
}) {
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
      <div className="container-page py-24">
        <LinkNotFound
          title={notFound ?? MANAGE_MESSAGES.notFound}
          detail={notFound ? undefined : MANAGE_MESSAGES.notFoundDetail}
        />
      </div>
    );
  }
  return (
    <>
      <PageHero eyebrow={eyebrow} title={title}>
        {lead}
      </PageHero>
      <div className={`container-page space-y-6 py-12 ${wide ? 'max-w-3xl' : 'max-w-2xl'}`}>
        {notice}
        <section className={`card sm:p-10 ${wide ? 'p-5' : 'p-6'}`} aria-label={label}>
          {children}
        </section>
        <PrivacyLink />
      </div>
    </>
  );
}
