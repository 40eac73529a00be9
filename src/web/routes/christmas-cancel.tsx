import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { telephoneHref } from '#shared/content/venue.ts';
import { PageHero } from '../components/page-hero.tsx';
import * as api from '../features/christmas/api.ts';
import { useVenue } from '../features/content/site-content.tsx';

export function Component() {
  const venue = useVenue();
  const pid = useSearchParams()[0].get('pid');

  // Coming back from the payment page without paying gives the held seats back at once; nothing the
  // guest needs to wait for or hear about.
  useEffect(() => {
    if (pid) api.releaseReservation(pid).catch(() => undefined);
  }, [pid]);

  return (
    <>
      <PageHero eyebrow="Christmas Day" title="Payment Cancelled" />
      <div className="container-page max-w-3xl py-12">
        <div className="card p-6 sm:p-10">
          <p className="text-lg">Your payment was cancelled or not completed. You can try again anytime.</p>
          <p className="mt-3 text-ink-soft">
            The seats we were holding for you have been released, so nothing is booked yet. If you’d rather
            book over the phone, call us on{' '}
            <a href={telephoneHref(venue.phone)} className="link">
              {venue.phone}
            </a>
            .
          </p>
          <p className="mt-8 flex flex-wrap gap-3">
            <Link to="/christmas" className="btn-dark">
              Back to Christmas booking
            </Link>
            <Link to="/" className="btn-outline">
              Home
            </Link>
          </p>
        </div>
      </div>
    </>
  );
}
