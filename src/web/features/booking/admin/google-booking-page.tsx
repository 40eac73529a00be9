import { useId, useRef, useState } from 'react';
import { bookLinkQuery } from '#shared/booking/book-link.ts';
import { addDays, formatLongDate, londonToday } from '#shared/time/london-time.ts';
import { BOOK_LINK_PATH } from '#shared/vouchers/links.ts';
import { useAdminTitle } from '#web/features/staff/admin-layout.tsx';
import { useHydrated } from '#web/hooks/use-hydrated.ts';

const TITLE = 'Be booked from Google';

/** The link the pub gives its Google Business Profile: the short booking link, saying it came from Google. */
export function googleBookingLink(publicUrl: string): string {
  return `${publicUrl}${BOOK_LINK_PATH}${bookLinkQuery({ utmSource: 'google' })}`;
}

/** The booking link, read-only and selectable, with Copy and what Copy did. */
function BookingLink({ link }: { link: string }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('copied');
    } catch {
      setCopied('failed');
      field.current?.select();
    }
  }
  return (
    <div className="card space-y-3 p-4 sm:p-6">
      <label htmlFor={id} className="field-label">
        Your booking link
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          ref={field}
          id={id}
          readOnly
          value={link}
          className="field-input min-w-0 flex-1 font-mono"
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="btn-dark min-h-12" onClick={copy}>
          Copy link
        </button>
      </div>
      <p role="status" className="text-sm font-semibold text-green-800 empty:hidden">
        {copied === 'copied'
          ? 'Link copied.'
          : copied === 'failed'
            ? 'Could not copy: the link is selected, copy it from there.'
            : ''}
      </p>
    </div>
  );
}

/**
 * /admin/google (issue 33): the pub's own booking link for its Google Business Profile, and the steps to add
 * it. Google lets the owner of a verified profile add a booking link that opens the booking form with no sign-in
 * step; its in-listing booking (Reserve with Google) is only for booking platforms under contract with it.
 */
export function GoogleBookingPage() {
  useAdminTitle(TITLE);
  // The address staff opened the admin at is the site's own (the server's public URL, behind its proxy).
  const origin = useHydrated() ? window.location.origin : '';
  const exampleDate = addDays(londonToday(), 14);
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div>
        <h1 tabIndex={-1} className="font-serif text-3xl sm:text-4xl">
          {TITLE}
        </h1>
        <p className="mt-2 text-ink-soft">
          Guests who find the pub on Google Search or Maps can book a table straight from its listing once the
          listing has the pub’s own booking link. The link opens the booking form on this website, ready to
          use, with no sign-in.
        </p>
      </div>
      {origin ? <BookingLink link={googleBookingLink(origin)} /> : null}
      <section aria-labelledby="google-steps" className="card space-y-3 p-4 sm:p-6">
        <h2 id="google-steps" className="font-serif text-2xl">
          Add it to your Google Business Profile
        </h2>
        <ol className="list-decimal space-y-3 pl-6">
          <li>
            Sign in to Google with the account that manages the pub’s Business Profile, and search Google for
            the pub’s name (or open it in Google Maps). Your profile’s tools show above the results.
          </li>
          <li>
            Choose <strong>Edit profile</strong>, then <strong>Bookings</strong>. (On some profiles the
            booking links are under <strong>Business information</strong>.)
          </li>
          <li>
            Add the link above as your booking link (Google may call it an appointment or reservation link),
            and save. Google checks it and may take a few days to show it.
          </li>
          <li>
            Try it on your phone: the <strong>Book</strong> or <strong>Reserve a table</strong> button on your
            listing opens this site’s booking form, with no sign-in step, as Google requires.
          </li>
        </ol>
      </section>
      <section aria-labelledby="google-notes" className="space-y-3">
        <h2 id="google-notes" className="font-serif text-2xl">
          Good to know
        </h2>
        <p>
          <strong>Reserve with Google</strong>, the booking inside Google’s own pages, is open only to booking
          platforms under contract with Google. The pub’s own link is how a pub that takes its own bookings is
          booked from its listing, and every booking lands here, in Bookings, like any other.
        </p>
        <p>
          The same link works anywhere: on social media, in a newsletter or on a poster’s QR code. It can open
          the form for a party on a day, too: add <code>party</code> and <code>date</code>, e.g.{' '}
          <code className="break-all">
            {BOOK_LINK_PATH}
            {bookLinkQuery({ party: 4, date: exampleDate })}
          </code>{' '}
          opens it for 4 guests on {formatLongDate(exampleDate)}.
        </p>
        <p>The site’s pages also tell search engines that this link is how to book a table at the pub.</p>
      </section>
    </div>
  );
}
