import { Link } from 'react-router';
import { menuTab } from '#shared/content/menu.ts';
import type { Menu } from '#shared/content/schemas.ts';

type Deal = Menu['lunchDeal'];

function DealCard({ deal, link }: { deal: Deal; link?: { to: string; label: string } }) {
  return (
    <article className="grid grid-cols-[auto_1fr] items-center sm:grid-rows-[auto_auto_1fr] gap-x-5 gap-y-3 rounded-2xl border border-brass-500/40 bg-green-950/55 p-6 sm:items-start sm:p-7">
      <p
        aria-hidden="true"
        className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full border-2 border-brass-400 font-serif text-2xl font-semibold text-brass-300 sm:row-span-3 sm:h-20 sm:w-20 sm:text-3xl"
      >
        {deal.price}
      </p>
      <h2 className="font-serif text-2xl text-cream-50">{deal.title}</h2>
      <p className="col-span-2 text-cream-100 sm:col-span-1 sm:col-start-2">{deal.description}</p>
      {link ? (
        <p className="col-span-2 sm:col-span-1 sm:col-start-2">
          <Link
            to={link.to}
            className="font-semibold text-brass-300 underline decoration-brass-500 decoration-2 underline-offset-4 hover:text-cream-50"
          >
            {link.label}
          </Link>
        </p>
      ) : null}
    </article>
  );
}

/** The two good-value offers: the £12 lunch and the kids' deal, each linking to its tab when there is one. */
export function MenuDeals({
  lunchDeal,
  kidsDeal,
  lunchLink,
  kidsLink,
}: {
  lunchDeal: Deal;
  kidsDeal: Deal;
  lunchLink: boolean;
  kidsLink: boolean;
}) {
  return (
    <section aria-label="Deals" className="pattern-tiles text-cream-50">
      <div className="bg-gradient-to-b from-green-900/90 to-green-800/95">
        <div className="container-page grid gap-5 py-12 sm:py-16 md:grid-cols-2">
          <DealCard
            deal={lunchDeal}
            link={lunchLink ? { to: `#${menuTab('lunch').anchor}`, label: 'See the lunch menu' } : undefined}
          />
          <DealCard
            deal={kidsDeal}
            link={
              kidsLink
                ? { to: `#${menuTab('children').anchor}`, label: 'See the children’s menu' }
                : undefined
            }
          />
        </div>
      </div>
    </section>
  );
}
