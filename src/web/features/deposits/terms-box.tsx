import type { DepositTerms } from '#shared/deposits/rules.ts';
import { termsHeadline, termsText } from '#shared/deposits/terms.ts';

/** The terms' sentences, word for word as the confirmation e-mail has them. */
export function TermsSentences({ terms }: { terms: DepositTerms }) {
  return (
    <>
      {termsText(terms).map((sentence) => (
        <p key={sentence}>{sentence}</p>
      ))}
    </>
  );
}

/** The terms a booking is made on, headline first: shown before the guest pays anything. */
export function TermsBox({ terms, id }: { terms: DepositTerms; id?: string }) {
  return (
    <div id={id} className="space-y-2 rounded-xl border border-cream-300 bg-cream-100 p-5">
      <p className="font-serif text-xl text-green-900">{termsHeadline(terms)}</p>
      <TermsSentences terms={terms} />
    </div>
  );
}
