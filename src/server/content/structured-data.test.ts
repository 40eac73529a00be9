import { describe, expect, it } from 'vitest';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { occasionStructuredData } from './structured-data.ts';

const [partyNights, supperClub] = seedContent.occasions.occasions as [
  (typeof seedContent.occasions.occasions)[number],
  (typeof seedContent.occasions.occasions)[number],
];
const PUBLIC_URL = 'https://rose-and-crown.example';

describe('occasionStructuredData', () => {
  it('is an Event of the first date to come at its earliest sitting, at the pub, with its price in GBP', () => {
    const data = occasionStructuredData(
      partyNights,
      ['2026-12-11', '2026-12-12'],
      PUBLIC_URL,
      seedContent.venue,
    );
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Christmas party nights',
      description: partyNights.summary,
      // Lunch at 12:30 comes before dinner; December in London is GMT.
      startDate: '2026-12-11T12:30:00+00:00',
      endDate: '2026-12-11T15:00:00+00:00',
      url: `${PUBLIC_URL}/occasions/christmas-party-nights`,
      location: { '@type': 'Place', name: seedContent.venue.name },
      offers: {
        '@type': 'Offer',
        price: '38.00',
        priceCurrency: 'GBP',
        url: `${PUBLIC_URL}/occasions/christmas-party-nights`,
      },
    });
    expect(data?.location.address).toMatchObject({
      '@type': 'PostalAddress',
      postalCode: seedContent.venue.address.postcode,
    });
  });

  it('writes London’s summer offset', () => {
    const data = occasionStructuredData(supperClub, ['2027-06-04'], PUBLIC_URL, seedContent.venue);
    expect(data?.startDate).toBe('2027-06-04T19:30:00+01:00');
    expect(data?.offers.price).toBe('45.00');
  });

  it('is none when no date is to come', () => {
    expect(occasionStructuredData(supperClub, [], PUBLIC_URL, seedContent.venue)).toBeNull();
  });
});
