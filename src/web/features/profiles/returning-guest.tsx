import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { isPlausiblePhone, SIMPLE_EMAIL_PATTERN } from '#shared/booking/validation.ts';
import type { GuestProfile } from '#shared/profiles/api.ts';
import { PROFILE_MESSAGES } from '#shared/profiles/messages.ts';
import * as profileApi from './profile-api.ts';
import { HealthMarker } from './profile-note-line.tsx';
import { foundGuestLine, PROFILE_WORDS as WORDS } from './profile-words.ts';

/** Staff are still typing until they pause this long: then the guest is looked up. */
export const LOOKUP_DELAY_MS = 400;

/** Whom to look up as typed so far: a whole e-mail address, else a whole phone number, else nobody. */
function lookupOf(email: string, phone: string): { email: string } | { phone: string } | null {
  if (SIMPLE_EMAIL_PATTERN.test(email.trim())) return { email: email.trim() };
  if (isPlausiblePhone(phone.trim())) return { phone: phone.trim() };
  return null;
}

/**
 * "Returning guest: 5 visits", with their tags and note, as staff type a guest's e-mail or phone on a form
 * (values `email` and `phone` of the form around it), said politely; nothing for a guest we do not know.
 * Only for a role that may see profiles.
 */
export function ReturningGuest() {
  const [email = '', phone = ''] = useWatch<{ email: string; phone: string }>({ name: ['email', 'phone'] });
  const lookup = lookupOf(email, phone);
  const byEmail = lookup && 'email' in lookup ? lookup.email : '';
  const byPhone = lookup && 'phone' in lookup ? lookup.phone : '';
  const [found, setFound] = useState<GuestProfile | null>(null);

  useEffect(() => {
    if (!byEmail && !byPhone) {
      setFound(null);
      return;
    }
    const asked = new AbortController();
    const timer = setTimeout(() => {
      profileApi.findProfile(byEmail ? { email: byEmail } : { phone: byPhone }, asked.signal).then(
        (answer) => setFound(answer.profile),
        // A guest who cannot be looked up is taken as a new one: the booking goes ahead all the same.
        () => {
          if (!asked.signal.aborted) setFound(null);
        },
      );
    }, LOOKUP_DELAY_MS);
    return () => {
      clearTimeout(timer);
      asked.abort();
    };
  }, [byEmail, byPhone]);

  return (
    <div aria-live="polite">
      {found ? (
        <div className="space-y-1.5 rounded-xl border border-brass-300 bg-brass-300/15 px-4 py-3">
          <p className="font-semibold text-green-900">
            {found.counts.visits > 0 ? PROFILE_MESSAGES.returning(found.counts.visits) : WORDS.knownGuest}
          </p>
          <p className="text-sm break-words text-ink-soft">{foundGuestLine(found.name, found.counts)}</p>
          {found.tags.length > 0 ? (
            <p className="font-semibold text-brass-700">{found.tags.join(' · ')}</p>
          ) : null}
          {found.note ? (
            <p className="break-words whitespace-pre-line">
              {found.noteMentionsHealth ? (
                <>
                  <HealthMarker />{' '}
                </>
              ) : null}
              {found.note}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
