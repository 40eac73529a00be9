import { lazy, Suspense, useCallback, useId, useState } from 'react';
import type { GuestProfile } from '#shared/profiles/api.ts';
import { useLoaded, whenReady } from '#web/components/load-state.tsx';
import * as profileApi from './profile-api.ts';
import { HealthMarker } from './profile-note-line.tsx';
import { countsLine, PROFILE_WORDS as WORDS } from './profile-words.ts';
import type { ProfileGuest } from './use-day-notes.ts';

/** The whole profile, to edit, loads when staff open it. */
const GuestProfilePanel = lazy(() =>
  import('./guest-profile-panel.tsx').then((module) => ({ default: module.GuestProfilePanel })),
);

/** The profile of a booking's guest: by e-mail, or by phone for a booking taken without one; none without either. */
async function lookUp(guest: ProfileGuest): Promise<{ profile: GuestProfile | null }> {
  const email = guest.email.trim();
  const phone = guest.phone.trim();
  try {
    if (email) return await profileApi.findProfile({ email });
    if (phone) return await profileApi.findProfile({ phone });
    return { profile: null };
  } catch (error) {
    if (profileApi.nothingToShow(error)) return { profile: null };
    throw error;
  }
}

/**
 * The booking's guest at the top of its drawer (issue 32), for managers and the owner: how their visits went,
 * their tags and the note staff keep, and "Guest profile" to change them.
 */
export function DrawerGuest({
  guest,
  onChanged,
}: {
  guest: ProfileGuest;
  /** The tags or the note were saved, or a phone confirmed: the day view shows them again. */
  onChanged: () => void;
}) {
  const headingId = useId();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const { email, phone } = guest;
  const fetchProfile = useCallback(() => lookUp({ email, phone }), [email, phone]);
  const { load, setLoad } = useLoaded(fetchProfile, WORDS.loadFailure);

  if (load.status === 'loading') return null;
  if (load.status === 'failed') return <p className="text-sm text-ink-soft">{load.error}</p>;
  const { profile } = load;
  if (!profile) return null;

  function changed(saved: GuestProfile) {
    setLoad(whenReady<{ profile: GuestProfile | null }>(() => ({ profile: saved })));
    onChanged();
  }

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-2 rounded-xl border border-brass-300 bg-white px-4 py-3"
    >
      <h3 id={headingId} className="eyebrow text-xs">
        {WORDS.guest}
      </h3>
      <p className="font-semibold">{countsLine(profile.counts)}</p>
      {profile.tags.length > 0 ? (
        <ul aria-label={WORDS.tags} className="flex flex-wrap gap-1.5">
          {profile.tags.map((tag) => (
            <li
              key={tag}
              className="rounded-full bg-brass-300/35 px-2.5 py-0.5 text-sm font-semibold text-brass-700"
            >
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
      {profile.note ? (
        <p className="break-words whitespace-pre-line">
          {profile.noteMentionsHealth ? (
            <>
              <HealthMarker />{' '}
            </>
          ) : null}
          {profile.note}
        </p>
      ) : null}
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        className="btn-outline min-h-11 px-4 py-2 text-sm"
        onClick={() => setOpen((shown) => !shown)}
      >
        {WORDS.openProfile}
      </button>
      {open ? (
        <Suspense
          fallback={
            <p role="status" className="text-sm text-ink-soft">
              {WORDS.loading}
            </p>
          }
        >
          <div className="border-t border-cream-200 pt-4">
            <GuestProfilePanel id={panelId} profile={profile} onChanged={changed} />
          </div>
        </Suspense>
      ) : null}
    </section>
  );
}
