import { useParams } from 'react-router';
import { deadlineText } from '#shared/occasions/pre-order-messages.ts';
import { ManagedPage, managedStatus } from '../features/manage/managed-page.tsx';
import * as api from '../features/occasions/api.ts';
import { DinerChoosing } from '../features/occasions/diner-choosing.tsx';
import { DINER_MESSAGES, whenText } from '../features/occasions/diner-words.ts';
import { useAsync } from '../hooks/use-async.ts';

/** The diners' link (/occasions/diners/:token): each diner chooses their own dishes until the deadline. */
export function Component() {
  const token = useParams().token ?? '';
  const state = useAsync(() => api.dinerPage(token), `occasion-diner:${token}`);
  const page = state.status === 'done' ? state.value : null;
  return (
    <ManagedPage
      status={managedStatus(state)}
      eyebrow={page?.occasion.name ?? 'Occasions'}
      title={DINER_MESSAGES.title}
      lead={
        page
          ? DINER_MESSAGES.lead(
              page.organiserFirstName,
              page.occasion.name,
              whenText(page.occasion, page.date, page.sittingId),
              deadlineText(page.preOrderDeadline),
            )
          : null
      }
      wide
    >
      {page ? <DinerChoosing token={token} page={page} /> : null}
    </ManagedPage>
  );
}
