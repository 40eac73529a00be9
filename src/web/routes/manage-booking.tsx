import { useParams, useSearchParams } from 'react-router';
import { pageDataKey } from '#shared/content/page-data.ts';
import { JUST_BOOKED_PARAMETER } from '#shared/manage/messages.ts';
import * as api from '../features/booking/api.ts';
import { BookedNotice } from '../features/booking/booked-notice.tsx';
import { ManageBooking } from '../features/booking/manage-booking.tsx';
import { ManagedPage, managedStatus } from '../features/manage/managed-page.tsx';
import { useAsync } from '../hooks/use-async.ts';

export function Component() {
  const token = useParams().token ?? '';
  const justBooked = useSearchParams()[0].has(JUST_BOOKED_PARAMETER);
  const state = useAsync(() => api.managedBooking(token), pageDataKey.managedBooking(token));
  const managed = state.status === 'done' ? state.value : null;
  return (
    <ManagedPage
      status={managedStatus(state)}
      eyebrow="Reservations"
      title="Your booking"
      lead="Change or cancel your table here, until it starts."
      notice={justBooked && managed ? <BookedNotice booking={managed.booking} /> : null}
    >
      {managed ? <ManageBooking token={token} initial={managed} /> : null}
    </ManagedPage>
  );
}
