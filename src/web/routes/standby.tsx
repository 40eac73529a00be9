import { Route, Routes, useParams } from 'react-router';
import { STANDBY_MESSAGES } from '#shared/standby/messages.ts';
import { managedStatus } from '../features/manage/managed-page.tsx';
import * as api from '../features/standby/api.ts';
import { StandbyClaim } from '../features/standby/standby-claim.tsx';
import { StandbyEntry } from '../features/standby/standby-entry.tsx';
import { StandbyPage } from '../features/standby/standby-page.tsx';
import { STANDBY_WORDS } from '../features/standby/standby-words.ts';
import { useAsync } from '../hooks/use-async.ts';
import { NotFound } from './not-found.tsx';

/** The guest's own link (/standby/:token): their place on the list. */
function EntryPage() {
  const token = useParams().token ?? '';
  const state = useAsync(() => api.standbyEntry(token), `standby-entry:${token}`);
  return (
    <StandbyPage
      status={managedStatus(state)}
      title={STANDBY_WORDS.entryTitle}
      lead={STANDBY_WORDS.entryLead}
      notFound={STANDBY_MESSAGES.entryNotFound}
      label={STANDBY_WORDS.entryTitle}
    >
      {state.status === 'done' && state.value ? <StandbyEntry token={token} initial={state.value} /> : null}
    </StandbyPage>
  );
}

/** An offer's claim link (/standby/claim/:token). */
function ClaimPage() {
  const token = useParams().token ?? '';
  const state = useAsync(() => api.standbyOffer(token), `standby-offer:${token}`);
  return (
    <StandbyPage
      status={managedStatus(state)}
      title={STANDBY_WORDS.claimTitle}
      lead={STANDBY_WORDS.claimLead}
      notFound={STANDBY_MESSAGES.offerNotFound}
      label="Your offer"
    >
      {state.status === 'done' && state.value ? <StandbyClaim token={token} initial={state.value} /> : null}
    </StandbyPage>
  );
}

/**
 * The standby list's guest pages (issue 31), one chunk behind one lazy page: the guest's place and an offer's
 * claim. The public entry carries every lazy page's path and files.
 */
export function Component() {
  return (
    <Routes>
      <Route path="claim/:token" element={<ClaimPage />} />
      <Route path=":token" element={<EntryPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
