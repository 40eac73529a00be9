import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { pglite, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { occasionStructuredData, pubStructuredData } from './structured-data.ts';

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

describe('pubStructuredData', () => {
  const reserveAction = {
    '@type': 'ReserveAction',
    target: {
      '@type': 'EntryPoint',
      urlTemplate: `${PUBLIC_URL}/book`,
      actionPlatform: ['https://schema.org/DesktopWebPlatform', 'https://schema.org/MobileWebPlatform'],
    },
    result: { '@type': 'FoodEstablishmentReservation' },
  };

  it('offers booking a table through the short booking link, on desktop and mobile', () => {
    const data = pubStructuredData(PUBLIC_URL, seedContent.venue, '/images/_r/share.jpg');
    expect(data).toMatchObject({ '@type': 'BarOrPub', potentialAction: reserveAction });
  });

  describe('on the pages', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(pglite, new Date('2026-11-22T12:00:00Z'));
    });
    afterAll(() => t.close());

    it.each(['/', '/contact'])(
      '%s carries the booking action, whose link opens the booking form',
      async (url) => {
        const html = (await t.app.inject({ method: 'GET', url })).body;
        const [pub] = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
          (match) => JSON.parse(match[1] ?? 'null'),
        );
        expect(pub.potentialAction).toMatchObject({
          ...reserveAction,
          target: { ...reserveAction.target, urlTemplate: 'https://pub.test/book' },
        });
        const booked = await t.app.inject({
          method: 'GET',
          url: new URL(pub.potentialAction.target.urlTemplate).pathname,
        });
        expect(booked.headers.location).toBe('/bookings');
      },
    );
  });
});
