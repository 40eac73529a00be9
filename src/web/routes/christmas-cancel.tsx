import { Link } from 'react-router';
import { PageHero } from '../components/page-hero.tsx';

export function Component() {
  return (
    <>
      <PageHero eyebrow="Christmas Day" title="Payment Cancelled" />
      <div className="container-page py-12">
        <p className="text-lg">Your payment was cancelled or not completed. You can try again anytime.</p>
        <p className="mt-6">
          <Link to="/christmas" className="btn-dark">
            Back to Christmas booking
          </Link>
        </p>
      </div>
    </>
  );
}
