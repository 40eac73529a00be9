import { Link } from 'react-router';
import { telephoneHref, venue } from '../../shared/venue.ts';
import { PageHero } from '../components/page-hero.tsx';

export function Component() {
  return (
    <>
      <PageHero title="Book a Table" />
      <div className="container-page py-12">
        <p className="text-lg">Table booking opens here shortly. In the meantime, please call us.</p>
        <p className="mt-4">
          <a href={telephoneHref()} className="link">
            {venue.phone}
          </a>{' '}
          ·{' '}
          <Link to="/" className="link">
            Home
          </Link>
        </p>
      </div>
    </>
  );
}
