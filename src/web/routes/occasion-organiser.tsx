import { useState } from 'react';
import { useParams } from 'react-router';
import type { OrganiserPage } from '#shared/occasions/api.ts';
import { OCCASION_ORGANISER_MESSAGES } from '#shared/occasions/messages.ts';
import { isTicketed } from '#shared/occasions/rules.ts';
import { ManagedPage, managedStatus } from '../features/manage/managed-page.tsx';
import * as api from '../features/occasions/api.ts';
import { ORGANISER_MESSAGES } from '../features/occasions/diner-words.ts';
import { OrganiserBooking } from '../features/occasions/organiser-booking.tsx';
import { useAsync } from '../hooks/use-async.ts';

/** The page's lead: the diners' link for a set menu, the door list for tickets, and no offer once cancelled. */
function leadOf(page: OrganiserPage | null, cancelledHere: boolean): string {
  if (cancelledHere || page?.status === 'CANCELLED') return OCCASION_ORGANISER_MESSAGES.cancelledLead;
  return page && isTicketed(page.occasion)
    ? OCCASION_ORGANISER_MESSAGES.ticketedLead
    : ORGANISER_MESSAGES.lead;
}

/** The organiser's own link (/occasions/organiser/:token): their party's booking and everyone's choices. */
export function Component() {
  const token = useParams().token ?? '';
  const state = useAsync(() => api.organiserPage(token), `occasion-organiser:${token}`);
  const page = state.status === 'done' ? state.value : null;
  const [cancelledHere, setCancelledHere] = useState(false);
  return (
    <ManagedPage
      status={managedStatus(state)}
      eyebrow={page?.occasion.name ?? 'Occasions'}
      title={page && isTicketed(page.occasion) ? ORGANISER_MESSAGES.ticketedTitle : ORGANISER_MESSAGES.title}
      lead={leadOf(page, cancelledHere)}
      wide
    >
      {page ? (
        <OrganiserBooking token={token} initial={page} onCancelled={() => setCancelledHere(true)} />
      ) : null}
    </ManagedPage>
  );
}
