import { useParams, useSearchParams } from 'react-router';
import { pageDataKey } from '#shared/content/page-data.ts';
import { JUST_BOOKED_PARAMETER } from '#shared/manage/messages.ts';
import { PageHero } from '../components/page-hero.tsx';
import * as api from '../features/booking/api.ts';
import { BookedNotice } from '../features/booking/booked-notice.tsx';
import { ManageBooking, ManagedBookingNotFound } from '../features/booking/manage-booking.tsx';
import { PrivacyLink } from '../features/privacy/privacy-fields.tsx';
import { useAsync } from '../hooks/use-async.ts';

export function Component() {
  const token = useParams().token ?? '';
  const justBooked = useSearchParams()[0].has(JUST_BOOKED_PARAMETER);
  const state = useAsync(() => api.managedBooking(token), pageDataKey.managedBooking(token));
  if (state.status === 'loading') {
    return (
      <div className="container-page py-20">
        <p role="status">Loading…</p>
      </div>
    );
  }
  if (!state.value) {
    return (
      <div className="container-page py-24">
        <ManagedBookingNotFound />
      </div>
    );
  }
  return (
    <>
      <PageHero eyebrow="Reservations" title="Your booking">
        Change or cancel your table here, until it starts.
      </PageHero>
      <div className="container-page max-w-2xl space-y-6 py-12">
        {justBooked ? <BookedNotice booking={state.value.booking} /> : null}
        <section className="card p-6 sm:p-10" aria-label="Your booking">
          <ManageBooking token={token} initial={state.value} />
        </section>
        <PrivacyLink />
      </div>
    </>
  );
}
