import { Link } from 'react-router';
import { venue } from '../../shared/venue.ts';

export function Component() {
  return (
    <main className="container-page py-16">
      <h1 className="font-serif text-3xl">{venue.name} — Staff</h1>
      <p className="mt-4">The staff area is being built. Please use the phone for now.</p>
      <p className="mt-4">
        <Link to="/" className="link">
          Back to the website
        </Link>
      </p>
    </main>
  );
}
