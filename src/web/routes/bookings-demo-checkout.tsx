import { useSearchParams } from 'react-router';
import { DemoCheckoutFrame } from '../components/demo-checkout.tsx';
import * as api from '../features/deposits/api.ts';
import { DemoCheckout, DemoUnavailable } from '../features/deposits/demo-checkout.tsx';
import { DEPOSIT_GUEST_WORDS } from '../features/deposits/guest-words.ts';
import { useAsync } from '../hooks/use-async.ts';

/** /bookings/demo-checkout?pid=…: the demo payment page of a deposit or card guarantee, only while Stripe is not set up. */
export function Component() {
  const pid = useSearchParams()[0].get('pid') ?? '';
  const outcome = useAsync(
    () => (pid ? api.paymentOutcome(pid).catch(() => null) : Promise.resolve(null)),
    `deposit-demo-checkout:${pid}`,
  );
  return (
    <DemoCheckoutFrame loading={outcome.status === 'loading'}>
      {outcome.status === 'done' && outcome.value ? (
        <DemoCheckout pid={pid} outcome={outcome.value} />
      ) : (
        <DemoUnavailable>
          <p>{DEPOSIT_GUEST_WORDS.demoMissing}</p>
        </DemoUnavailable>
      )}
    </DemoCheckoutFrame>
  );
}
