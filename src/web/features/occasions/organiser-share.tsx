import { useId, useRef, useState } from 'react';
import type { OrganiserPage } from '#shared/occasions/api.ts';
import { deadlineText } from '#shared/occasions/pre-order-messages.ts';
import { formatLongDate } from '#shared/time/london-time.ts';
import { useHydrated } from '#web/hooks/use-hydrated.ts';
import { ORGANISER_MESSAGES } from './diner-words.ts';

/** What the browser can share: a phone's share sheet, where there is one. */
function canShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/**
 * The diners' link to send to the party (issue 30): the link itself, Copy, the phone's Share where it has one,
 * and the words to send with it.
 */
export function OrganiserShare({ page }: { page: OrganiserPage }) {
  const linkId = useId();
  const wordsId = useId();
  const link = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const words = ORGANISER_MESSAGES.shareWords(
    page.occasion.name,
    formatLongDate(page.date),
    deadlineText(page.preOrderDeadline),
  );

  async function copy() {
    try {
      await navigator.clipboard.writeText(page.dinerUrl);
      setCopied('copied');
    } catch {
      setCopied('failed');
      link.current?.select();
    }
  }

  async function share() {
    try {
      await navigator.share({ title: page.occasion.name, text: words, url: page.dinerUrl });
    } catch {
      // Closed without sharing: nothing to say.
    }
  }

  return (
    <section aria-labelledby={`${linkId}-title`} className="space-y-4">
      <h2 id={`${linkId}-title`} className="font-serif text-2xl text-green-900">
        Send your party their link
      </h2>
      <p>Each diner opens it, gives their name and chooses their own dishes.</p>
      <div>
        <label htmlFor={linkId} className="field-label">
          Diners’ link
        </label>
        <div className="flex flex-col gap-3 sm:flex-row">
          <input
            ref={link}
            id={linkId}
            readOnly
            value={page.dinerUrl}
            className="field-input min-w-0 flex-1"
            aria-describedby={wordsId}
            onFocus={(event) => event.currentTarget.select()}
          />
          <div className="flex flex-wrap gap-3">
            <button type="button" className="btn-dark" onClick={copy}>
              Copy link
            </button>
            {hydrated && canShare() ? (
              <button type="button" className="btn-outline" onClick={share}>
                Share
              </button>
            ) : null}
          </div>
        </div>
      </div>
      <p role="status" className="text-sm font-semibold text-green-800 empty:hidden">
        {copied === 'copied'
          ? ORGANISER_MESSAGES.copied
          : copied === 'failed'
            ? ORGANISER_MESSAGES.copyFailed
            : ''}
      </p>
      <div className="rounded-xl bg-cream-100 p-4">
        <p className="eyebrow">The words to send</p>
        <p id={wordsId} className="mt-2 break-words">
          {words} {page.dinerUrl}
        </p>
      </div>
    </section>
  );
}
