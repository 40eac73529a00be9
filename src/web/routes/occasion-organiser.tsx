import { useParams } from 'react-router';
import { ManagedPage, managedStatus } from '../features/manage/managed-page.tsx';
import * as api from '../features/occasions/api.ts';
import { ORGANISER_MESSAGES } from '../features/occasions/diner-words.ts';
import { OrganiserBooking } from '../features/occasions/organiser-booking.tsx';
import { useAsync } from '../hooks/use-async.ts';

/** The organiser's own link (/occasions/organiser/:token): their party's booking and everyone's choices. */
export function Component() {
  const token = useParams().token ?? '';
  const state = useAsync(() => api.organiserPage(token), `occasion-organiser:${token}`);
  const page = state.status === 'done' ? state.value : null;
  return (
    <ManagedPage
      status={managedStatus(state)}
      eyebrow={page?.occasion.name ?? 'Occasions'}
      title={ORGANISER_MESSAGES.title}
      lead={ORGANISER_MESSAGES.lead}
      wide
    >
      {page ? <OrganiserBooking token={token} initial={page} /> : null}
    </ManagedPage>
  );
}
