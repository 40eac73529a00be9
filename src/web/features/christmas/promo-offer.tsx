import type { ChristmasDay } from '#shared/christmas/season-schema.ts';
import { sittingTimes } from '#shared/christmas/sittings.ts';
import { formatPrice, poundsToPence } from '#shared/money/money.ts';
import type { PromoOffer } from '../promo/promo-offer.ts';

/** Christmas Day's promo (spec §4). */
export function christmasDayOffer({ year, prices, sittings }: ChristmasDay): PromoOffer {
  const adult = formatPrice(poundsToPence(prices.adult));
  const child = formatPrice(poundsToPence(prices.child));
  const deposit = formatPrice(poundsToPence(prices.depositPerGuest));
  return {
    eyebrow: `Christmas Day ${year}`,
    title: 'Christmas Day at the pub',
    details: (
      <>
        <li>
          <strong>Two sittings:</strong> {sittings.map(sittingTimes).join(' and ')}
        </li>
        <li>
          <strong>{adult} adults</strong>, <strong>{child} children</strong> — three courses with a glass of
          prosecco or a soft drink
        </li>
        <li>
          <strong>Pre-order required</strong>, with a {deposit} deposit per guest
        </li>
        <li>Regular online table bookings are closed for Christmas Day.</li>
      </>
    ),
    line: (
      <>
        {sittings.map(sittingTimes).join(' or ')} · {adult} adults, {child} children · pre-order with a{' '}
        {deposit} deposit per guest
      </>
    ),
    actions: [
      { label: 'Book Christmas Day', to: '/christmas?utm_source=modal' },
      { label: 'Regular Booking Info', to: '/bookings' },
    ],
  };
}
