import { useParams } from 'react-router';
import { CHRISTMAS_MANAGE_MESSAGES } from '#shared/christmas/manage.ts';
import { pageDataKey } from '#shared/content/page-data.ts';
import { PageHero } from '../components/page-hero.tsx';
import { ManagedBookingNotFound } from '../features/booking/manage-booking.tsx';
import * as api from '../features/christmas/api.ts';
import { ManageChristmasBooking } from '../features/christmas/manage-christmas-booking.tsx';
import { useChristmasSeason } from '../features/christmas/use-season.ts';
import { PrivacyLink } from '../features/privacy/privacy-fields.tsx';
import { useAsync } from '../hooks/use-async.ts';

export function Component() {
  const token = useParams().token ?? '';
  const state = useAsync(
    () => api.managedChristmasBooking(token),
    pageDataKey.managedChristmasBooking(token),
  );
  const season = useChristmasSeason();
  if (state.status === 'loading' || (state.value && !season)) {
    return (
      <div className="container-page py-20">
        <p role="status">Loading…</p>
      </div>
    );
  }
  if (!state.value || !season) {
    return (
      <div className="container-page py-24">
        <ManagedBookingNotFound />
      </div>
    );
  }
  return (
    <>
      <PageHero eyebrow="Christmas Day" title="Your Christmas Day booking">
        {CHRISTMAS_MANAGE_MESSAGES.lead}
      </PageHero>
      <div className="container-page max-w-3xl py-12">
        <section className="card p-5 sm:p-10" aria-label="Your booking">
          <ManageChristmasBooking token={token} initial={state.value} season={season} />
        </section>
        <PrivacyLink className="mt-6" />
      </div>
    </>
  );
}
