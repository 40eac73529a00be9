import { formatPrice } from '#shared/money/money.ts';
import type { OccasionSummary } from '#shared/occasions/api.ts';
import { occasionPath } from '#shared/occasions/links.ts';
import type { PromoOffer } from '../promo/promo-offer.ts';
import { occasionWhen } from './occasion-card.tsx';

/** The featured occasion's promo: what What's On's card says of it, and a way to its page. */
export function occasionOffer(occasion: OccasionSummary): PromoOffer {
  const when = occasionWhen(occasion);
  const price = `from ${formatPrice(occasion.fromPricePence)} ${occasion.ticketed ? 'a ticket' : 'a head'}`;
  return {
    eyebrow: occasion.ticketed ? 'Tickets on sale' : 'Set menu · booking now',
    title: occasion.name,
    details: (
      <>
        <li>{occasion.summary}</li>
        <li>
          <strong>{when}</strong>
        </li>
        <li>
          <strong>{price}</strong>
        </li>
      </>
    ),
    line: (
      <>
        {when} · {price}
      </>
    ),
    actions: [
      {
        label: occasion.ticketed ? `Tickets for ${occasion.name}` : `Book ${occasion.name}`,
        to: occasionPath(occasion.slug),
      },
    ],
  };
}
