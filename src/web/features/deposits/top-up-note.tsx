import type { DepositTerms } from '#shared/deposits/rules.ts';
import { termsText } from '#shared/deposits/terms.ts';
import { DEPOSIT_GUEST_WORDS } from './guest-words.ts';

/** On the change form, before anything is sent: the change asks for the difference of its deposit, and the terms. */
export function TopUpNote({ terms, pence }: { terms: DepositTerms; pence: number }) {
  return (
    <section
      aria-labelledby="top-up-title"
      className="rounded-lg border-l-4 border-brass-500 bg-cream-100 px-4 py-3 text-green-900"
    >
      <h3 id="top-up-title" className="font-semibold">
        {DEPOSIT_GUEST_WORDS.topUpTitle}
      </h3>
      <p className="mt-1">{DEPOSIT_GUEST_WORDS.topUpNote(pence, terms.amountPence)}</p>
      {termsText(terms).map((sentence) => (
        <p key={sentence} className="mt-1 text-sm">
          {sentence}
        </p>
      ))}
    </section>
  );
}
