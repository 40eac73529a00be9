import { Link } from 'react-router';
import { formatAddressLines, telephoneHref } from '#shared/content/venue.ts';
import { KeptFromServer } from '../components/kept-from-server.tsx';
import { PageHero } from '../components/page-hero.tsx';
import { ContactMap } from '../features/content/contact-map.tsx';
import { OpeningHours } from '../features/content/opening-hours.tsx';
import { useVenue } from '../features/content/site-content.tsx';

export function Component() {
  const venue = useVenue();
  return (
    <>
      <PageHero eyebrow="Contact us" title="Find the pub">
        On Church Lane in {venue.address.locality}, ten minutes from Wokingham. Parking at the back, bike
        racks by the garden gate, dogs welcome in the bar.
      </PageHero>
      <div className="container-page grid gap-12 py-16 lg:grid-cols-[1fr_1.4fr]">
        <KeptFromServer from={[venue]} className="space-y-10">
          <section aria-labelledby="address-heading">
            <h2 id="address-heading" className="font-serif text-3xl">
              Address
            </h2>
            <address className="mt-3 text-lg not-italic leading-8">
              <strong className="block font-semibold">{venue.name}</strong>
              {formatAddressLines(venue.address).map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          </section>
          <section aria-labelledby="reach-heading">
            <h2 id="reach-heading" className="font-serif text-3xl">
              Call or write
            </h2>
            <dl className="mt-3 space-y-2 text-lg">
              <div>
                <dt className="inline font-semibold">Phone: </dt>
                <dd className="inline">
                  <a href={telephoneHref(venue.phone)} className="link">
                    {venue.phone}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="inline font-semibold">E-mail: </dt>
                <dd className="inline">
                  <a href={`mailto:${venue.email}`} className="link">
                    {venue.email}
                  </a>
                </dd>
              </div>
            </dl>
            <p className="mt-4 text-ink-soft">
              For groups of nine or more, please call us. Smaller tables can be{' '}
              <Link to="/bookings" className="link">
                booked online
              </Link>
              .
            </p>
          </section>
          <section aria-label="Hours" className="card p-6">
            <OpeningHours />
          </section>
        </KeptFromServer>
        <section aria-labelledby="map-heading">
          <h2 id="map-heading" className="font-serif text-3xl">
            Map
          </h2>
          <div className="mt-4">
            <ContactMap />
          </div>
        </section>
      </div>
    </>
  );
}
