import { useId } from 'react';
import { sittingTimes } from '#shared/christmas/sittings.ts';
import { formatPrice, poundsToPence } from '#shared/money/money.ts';
import { Dialog } from '#web/components/dialog.tsx';
import { useChristmasDay } from '../content/site-content.tsx';

const PROMO_TITLE = 'Christmas Day at the pub';

/** What the promo offers (spec §4), the same in the dialog and the phone's card. */
function PromoOffer({ close }: { close: (then?: string) => void }) {
  const christmasDay = useChristmasDay();
  const { prices, sittings } = christmasDay;
  return (
    <>
      <ul className="space-y-2 text-[0.98rem]">
        <li>
          <strong>Two sittings:</strong> {sittings.map(sittingTimes).join(' and ')}
        </li>
        <li>
          <strong>{formatPrice(poundsToPence(prices.adult))} adults</strong>,{' '}
          <strong>{formatPrice(poundsToPence(prices.child))} children</strong> — three courses with a glass of
          prosecco or a soft drink
        </li>
        <li>
          <strong>Pre-order required</strong>, with a {formatPrice(poundsToPence(prices.depositPerGuest))}{' '}
          deposit per guest
        </li>
        <li>Regular online table bookings are closed for Christmas Day.</li>
      </ul>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <button type="button" className="btn-dark" onClick={() => close('/christmas?utm_source=modal')}>
          Book Christmas Day
        </button>
        <button type="button" className="btn-outline" onClick={() => close('/bookings')}>
          Regular Booking Info
        </button>
        <button type="button" className="btn text-ink-soft underline sm:ml-auto" onClick={() => close()}>
          Not now
        </button>
      </div>
    </>
  );
}

/** The promo on a wide screen: a dialog, in its own chunk (fetched only when the promo opens). */
export function ChristmasPromoDialog({ close }: { close: (then?: string) => void }) {
  const titleId = useId();
  const christmasDay = useChristmasDay();
  return (
    <Dialog
      open
      onClose={() => close()}
      labelledBy={titleId}
      className="w-full max-w-lg overflow-hidden rounded-2xl bg-cream-50 shadow-2xl"
    >
      <div className="pattern-tiles px-6 pt-6 pb-5 text-cream-50 sm:px-8">
        <p className="eyebrow text-brass-300">Christmas Day {christmasDay.year}</p>
        <h2 id={titleId} className="mt-1 font-serif text-3xl text-cream-50 sm:text-4xl">
          {PROMO_TITLE}
        </h2>
      </div>
      <div className="px-6 py-6 sm:px-8">
        <PromoOffer close={close} />
      </div>
    </Dialog>
  );
}

/**
 * The promo on a phone: a short card at the foot of the screen, not a dialog over the page, so a guest reading
 * keeps their place; it floats, so nothing on the page moves when it comes or goes.
 */
export function ChristmasPromoCard({ close }: { close: (then?: string) => void }) {
  const titleId = useId();
  const { prices, sittings } = useChristmasDay();
  return (
    <section
      aria-labelledby={titleId}
      className="fixed inset-x-3 bottom-3 z-40 rounded-2xl border border-brass-500 bg-cream-50 p-4 shadow-2xl"
    >
      <h2 id={titleId} className="font-serif text-xl">
        {PROMO_TITLE}
      </h2>
      <p className="mt-1 text-sm">
        {sittings.map(sittingTimes).join(' or ')} · {formatPrice(poundsToPence(prices.adult))} adults,{' '}
        {formatPrice(poundsToPence(prices.child))} children · pre-order with a{' '}
        {formatPrice(poundsToPence(prices.depositPerGuest))} deposit per guest
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="btn-dark px-4 py-2 text-sm"
          onClick={() => close('/christmas?utm_source=modal')}
        >
          Book Christmas Day
        </button>
        <button type="button" className="btn-outline px-4 py-2 text-sm" onClick={() => close('/bookings')}>
          Regular Booking Info
        </button>
        <button
          type="button"
          className="btn px-3 py-2 text-sm text-ink-soft underline"
          onClick={() => close()}
        >
          Not now
        </button>
      </div>
    </section>
  );
}
