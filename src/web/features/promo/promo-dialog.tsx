import { useId } from 'react';
import type { PromotedOffer } from '#shared/promo/promo.ts';
import { Dialog } from '#web/components/dialog.tsx';
import { christmasDayOffer } from '../christmas/promo-offer.tsx';
import { useChristmasDay } from '../content/site-content.tsx';
import { occasionOffer } from '../occasions/promo-offer.tsx';
import type { PromoOffer } from './promo-offer.ts';

interface PromoProps {
  promoted: NonNullable<PromotedOffer>;
  close: (then?: string) => void;
}

function useOffer(promoted: PromoProps['promoted']): PromoOffer {
  const christmasDay = useChristmasDay();
  return promoted.kind === 'occasion' ? occasionOffer(promoted.occasion) : christmasDayOffer(christmasDay);
}

/** The offer's buttons, then "Not now"; on a phone's card they are smaller. */
function PromoActions({
  offer,
  close,
  small,
}: {
  offer: PromoOffer;
  close: PromoProps['close'];
  small?: boolean;
}) {
  const size = small ? 'px-4 py-2 text-sm' : '';
  const [main, ...alternatives] = offer.actions;
  return (
    <>
      <button type="button" className={`btn-dark ${size}`} onClick={() => close(main.to)}>
        {main.label}
      </button>
      {alternatives.map((action) => (
        <button
          key={action.to}
          type="button"
          className={`btn-outline ${size}`}
          onClick={() => close(action.to)}
        >
          {action.label}
        </button>
      ))}
      <button
        type="button"
        className={
          small ? 'btn px-3 py-2 text-sm text-ink-soft underline' : 'btn text-ink-soft underline sm:ml-auto'
        }
        onClick={() => close()}
      >
        Not now
      </button>
    </>
  );
}

/** The promo on a wide screen: a dialog, in its own chunk (fetched only when the promo opens). */
export function PromoDialog({ promoted, close }: PromoProps) {
  const titleId = useId();
  const offer = useOffer(promoted);
  return (
    <Dialog
      open
      onClose={() => close()}
      labelledBy={titleId}
      className="w-full max-w-lg overflow-hidden rounded-2xl bg-cream-50 shadow-2xl"
    >
      <div className="pattern-tiles px-6 pt-6 pb-5 text-cream-50 sm:px-8">
        <p className="eyebrow text-brass-300">{offer.eyebrow}</p>
        <h2 id={titleId} className="mt-1 font-serif text-3xl text-cream-50 sm:text-4xl">
          {offer.title}
        </h2>
      </div>
      <div className="px-6 py-6 sm:px-8">
        <ul className="space-y-2 text-[0.98rem]">{offer.details}</ul>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <PromoActions offer={offer} close={close} />
        </div>
      </div>
    </Dialog>
  );
}

/**
 * The promo on a phone: a short card at the foot of the screen, not a dialog over the page, so a guest reading
 * keeps their place; it floats, so nothing on the page moves when it comes or goes.
 */
export function PromoCard({ promoted, close }: PromoProps) {
  const titleId = useId();
  const offer = useOffer(promoted);
  return (
    <section
      aria-labelledby={titleId}
      className="fixed inset-x-3 bottom-3 z-40 rounded-2xl border border-brass-500 bg-cream-50 p-4 shadow-2xl"
    >
      <h2 id={titleId} className="font-serif text-xl">
        {offer.title}
      </h2>
      <p className="mt-1 text-sm">{offer.line}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <PromoActions offer={offer} close={close} small />
      </div>
    </section>
  );
}
