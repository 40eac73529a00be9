import { useState } from 'react';
import { useParams } from 'react-router';
import { CHRISTMAS_MANAGE_MESSAGES } from '#shared/christmas/manage.ts';
import { pageDataKey } from '#shared/content/page-data.ts';
import * as api from '../features/christmas/api.ts';
import { ManageChristmasBooking } from '../features/christmas/manage-christmas-booking.tsx';
import { useChristmasSeason } from '../features/christmas/use-season.ts';
import { ManagedPage, managedStatus } from '../features/manage/managed-page.tsx';
import { useAsync } from '../hooks/use-async.ts';

export function Component() {
  const token = useParams().token ?? '';
  const state = useAsync(
    () => api.managedChristmasBooking(token),
    pageDataKey.managedChristmasBooking(token),
  );
  const season = useChristmasSeason();
  const managed = state.status === 'done' ? state.value : null;
  const [cancelledHere, setCancelledHere] = useState(false);
  const cancelled = cancelledHere || managed?.booking.status === 'CANCELLED';
  // The season comes with the page's content: a booking waits for it, an unknown link does not.
  const status = managed && !season ? 'loading' : managedStatus(state);
  return (
    <ManagedPage
      status={status}
      eyebrow="Christmas Day"
      title="Your Christmas Day booking"
      lead={cancelled ? CHRISTMAS_MANAGE_MESSAGES.cancelledLead : CHRISTMAS_MANAGE_MESSAGES.lead}
      wide
    >
      {managed && season ? (
        <ManageChristmasBooking
          token={token}
          initial={managed}
          season={season}
          onCancelled={() => setCancelledHere(true)}
        />
      ) : null}
    </ManagedPage>
  );
}
