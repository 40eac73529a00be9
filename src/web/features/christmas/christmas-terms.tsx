import { christmasTerms } from '#shared/christmas/amounts.ts';
import { useChristmasDay } from '../content/site-content.tsx';

/** The deposit terms in plain words (product.md §3), the same as in the confirmation e-mail. */
export function ChristmasTerms({ className = '' }: { className?: string }) {
  return (
    <section aria-labelledby="christmas-terms" className={`card p-6 ${className}`}>
      <h2 id="christmas-terms" className="font-serif text-xl text-green-900">
        Prices &amp; deposit terms
      </h2>
      <ul className="mt-3 space-y-2 text-[0.95rem] text-ink-soft">
        {christmasTerms(useChristmasDay()).map((term) => (
          <li key={term} className="flex gap-2.5">
            <span aria-hidden="true" className="mt-[0.55em] h-1.5 w-1.5 shrink-0 rotate-45 bg-brass-500" />
            <span>{term}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
