import { useSearchParams } from 'react-router';
import { PageHero } from '../components/page-hero.tsx';
import { DEPOSIT_GUEST_WORDS } from '../features/deposits/guest-words.ts';
import { PaymentReturn } from '../features/deposits/payment-return.tsx';

/** /bookings/payment?pid=…: where the checkout sends the guest back, paid or (`&left`) not (issue 29). */
export function Component() {
  const [searchParams] = useSearchParams();
  const pid = searchParams.get('pid') ?? '';
  return (
    <>
      <PageHero eyebrow={DEPOSIT_GUEST_WORDS.returnEyebrow} title={DEPOSIT_GUEST_WORDS.returnTitle} />
      <div className="container-page max-w-2xl py-12">
        <PaymentReturn key={pid} pid={pid} left={searchParams.has('left')} />
      </div>
    </>
  );
}
