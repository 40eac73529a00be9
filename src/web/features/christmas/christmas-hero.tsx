import { sittingTimes } from '#shared/christmas/sittings.ts';
import { formatPrice, poundsToPence } from '#shared/money/money.ts';
import { formatLongDate } from '#shared/time/london-time.ts';
import { useChristmasDay } from '../content/site-content.tsx';

const pounds = (amount: number) => formatPrice(poundsToPence(amount));

const LEAF =
  'M0 0 L12 -10 L22 -6 L32 -17 L44 -11 L56 -19 L68 -11 L80 -16 L90 -6 L100 0 ' +
  'L90 6 L80 16 L68 11 L56 19 L44 11 L32 17 L22 6 L12 10 Z';

/** A sprig of holly: two leaves and three berries, in the site's green, brass and burgundy. */
function Holly({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 120 90" className={className} aria-hidden="true" focusable="false">
      {[200, -20].map((angle) => (
        <g key={angle} transform={`translate(60 50) rotate(${angle}) scale(0.52)`}>
          <path
            d={LEAF}
            className="fill-green-700"
            stroke="currentColor"
            strokeWidth="3"
            strokeLinejoin="round"
          />
          <path d="M4 0 H92" stroke="currentColor" strokeWidth="2" opacity="0.8" />
        </g>
      ))}
      <g className="fill-burgundy-700" stroke="#4a1a1a" strokeWidth="1">
        <circle cx="53" cy="56" r="7.5" />
        <circle cx="67" cy="56" r="7.5" />
        <circle cx="60" cy="67" r="7.5" />
      </g>
      <g fill="#fbf7ee" opacity="0.6">
        <circle cx="50.5" cy="53.5" r="2" />
        <circle cx="64.5" cy="53.5" r="2" />
        <circle cx="57.5" cy="64.5" r="2" />
      </g>
    </svg>
  );
}

/** The Christmas page's banner: the day, the offer in four facts, and a sprig of holly. */
export function ChristmasHero() {
  const day = useChristmasDay();
  const { prices, sittings } = day;
  const facts = [
    `Two sittings: ${sittings.map(sittingTimes).join(' or ')}`,
    `${pounds(prices.adult)} adults · ${pounds(prices.child)} children`,
    'Prosecco or a soft drink on arrival',
    `${pounds(prices.depositPerGuest)} deposit per guest`,
  ];
  return (
    <section className="pattern-tiles text-cream-50">
      <div className="bg-gradient-to-br from-burgundy-800/95 via-green-900/90 to-green-900/95">
        <div className="container-page relative py-14 sm:py-20">
          <Holly className="absolute top-10 right-6 hidden h-32 w-40 text-brass-400 md:block lg:right-10 lg:h-40 lg:w-48" />
          <p className="eyebrow text-brass-300">{formatLongDate(day.date)}</p>
          <h1 className="mt-2 font-serif text-4xl text-cream-50 sm:text-5xl lg:text-6xl">Christmas Day</h1>
          <p className="mt-4 max-w-2xl text-lg text-cream-100">
            Three courses by the fire, a glass of something sparkling on arrival, and not a single pan to
            wash. Choose your sitting, pre-order for your party and secure your table with a deposit.
          </p>
          <ul className="mt-8 flex flex-wrap gap-2.5 text-sm font-semibold">
            {facts.map((fact) => (
              <li
                key={fact}
                className="rounded-full border border-brass-300/40 bg-green-950/40 px-4 py-1.5 text-cream-50"
              >
                {fact}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
