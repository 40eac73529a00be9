import type { ReactNode } from 'react';
import { ManagedPage, type ManagedStatus } from '../manage/managed-page.tsx';
import { STANDBY_WORDS } from './standby-words.ts';

/** A standby link's page (issue 31), the guest's place or an offer to claim, as every guest link's page is. */
export function StandbyPage({
  status,
  title,
  lead,
  notFound,
  label,
  children,
}: {
  status: ManagedStatus;
  title: string;
  lead: ReactNode;
  notFound: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <ManagedPage
      status={status}
      eyebrow={STANDBY_WORDS.eyebrow}
      title={title}
      lead={lead}
      notFound={notFound}
      label={label}
    >
      {children}
    </ManagedPage>
  );
}

/** What the page says stands out: the not-a-booking words, an offer's end. */
export function StandbyNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-brass-500 bg-brass-300/30 p-4 font-semibold text-green-900">
      {children}
    </p>
  );
}
