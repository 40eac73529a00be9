import { availableTabs, sectionsForTab } from '#shared/content/menu.ts';
import type { HoursRow, Menu, Venue } from '#shared/content/schemas.ts';
import type { PublicEvent } from '#shared/events/schemas.ts';
import { occasionPath } from '#shared/occasions/links.ts';
import type { Occasion } from '#shared/occasions/schema.ts';
import { londonOffsetLabel } from '#shared/time/london-time.ts';
import { BOOK_LINK_PATH } from '#shared/vouchers/links.ts';
import { jsonForScript } from '../lib/html.ts';

const DAY_NAMES: Record<HoursRow['dayCodes'][number], string> = {
  Mo: 'Monday',
  Tu: 'Tuesday',
  We: 'Wednesday',
  Th: 'Thursday',
  Fr: 'Friday',
  Sa: 'Saturday',
  Su: 'Sunday',
};

function postalAddress(venue: Venue) {
  return {
    '@type': 'PostalAddress',
    streetAddress: venue.address.street,
    addressLocality: `${venue.address.locality}, ${venue.address.town}`,
    addressRegion: venue.address.county,
    postalCode: venue.address.postcode,
    addressCountry: 'GB',
  };
}

function absolute(publicUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl}`;
}

/** schema.org BarOrPub for the home and contact pages; `image` is the home page picture's share image. */
export function pubStructuredData(publicUrl: string, venue: Venue, image: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BarOrPub',
    '@id': `${publicUrl}/#pub`,
    name: venue.name,
    description: venue.description,
    url: `${publicUrl}/`,
    image: absolute(publicUrl, image),
    telephone: venue.phone,
    email: venue.email,
    address: postalAddress(venue),
    geo: { '@type': 'GeoCoordinates', latitude: venue.map.latitude, longitude: venue.map.longitude },
    openingHoursSpecification: venue.openingHours.map((row) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: row.dayCodes.map((code) => DAY_NAMES[code]),
      opens: row.opens,
      // schema.org has no 24:00: a midnight close is written as the last minute of the day.
      closes: row.closes === '24:00' ? '23:59' : row.closes,
    })),
    // Bank holidays and other days with their own hours; a closed day is opens = closes = 00:00 (schema.org).
    specialOpeningHoursSpecification: venue.specialDates.map((day) => ({
      '@type': 'OpeningHoursSpecification',
      validFrom: day.date,
      validThrough: day.date,
      opens: day.closed ? '00:00' : day.opens,
      closes: day.closed ? '00:00' : day.closes === '24:00' ? '23:59' : day.closes,
    })),
    servesCuisine: 'British',
    menu: `${publicUrl}/menu`,
    acceptsReservations: `${publicUrl}/bookings`,
    // The booking action search engines offer beside the pub (issue 33): the short link opens the form.
    potentialAction: {
      '@type': 'ReserveAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: `${publicUrl}${BOOK_LINK_PATH}`,
        inLanguage: 'en-GB',
        actionPlatform: ['https://schema.org/DesktopWebPlatform', 'https://schema.org/MobileWebPlatform'],
      },
      result: { '@type': 'FoodEstablishmentReservation', name: `Book a table at ${venue.name}` },
    },
  };
}

/** London wall-clock time with London's offset of that day, as schema.org dates are written. */
function londonDateTime(date: string, time: string): string {
  return `${date}T${time}:00${londonOffsetLabel(date, time)}`;
}

/** schema.org Event, starting at London wall-clock time with London's offset of that day. */
export function eventStructuredData(event: PublicEvent, publicUrl: string, venue: Venue) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: event.summary,
    startDate: londonDateTime(event.date, event.time),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    url: `${publicUrl}/events/${event.slug}`,
    image: [absolute(publicUrl, event.cover || '/images/hero.svg')],
    location: { '@type': 'Place', name: venue.name, address: postalAddress(venue) },
    organizer: { '@type': 'Organization', name: venue.name, url: `${publicUrl}/` },
  };
}

/**
 * schema.org Event of an occasion's page: its first date to come, at its earliest sitting, and its adult price;
 * null when no date is to come (an Event needs a start).
 */
export function occasionStructuredData(
  occasion: Occasion,
  datesToCome: readonly string[],
  publicUrl: string,
  venue: Venue,
) {
  const [date] = datesToCome;
  const [sitting] = [...occasion.sittings].sort((a, b) => a.start.localeCompare(b.start));
  if (!date || !sitting) return null;
  const url = `${publicUrl}${occasionPath(occasion.slug)}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: occasion.name,
    description: occasion.summary,
    startDate: londonDateTime(date, sitting.start),
    endDate: londonDateTime(date, sitting.end),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    url,
    location: { '@type': 'Place', name: venue.name, address: postalAddress(venue) },
    organizer: { '@type': 'Organization', name: venue.name, url: `${publicUrl}/` },
    offers: {
      '@type': 'Offer',
      price: (occasion.prices.adultPence / 100).toFixed(2),
      priceCurrency: 'GBP',
      url,
    },
  };
}

/** schema.org Menu built from the menu document, tab by tab. */
export function menuStructuredData(publicUrl: string, venue: Venue, menu: Menu) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Menu',
    name: `${venue.name} food menu`,
    url: `${publicUrl}/menu`,
    inLanguage: 'en-GB',
    hasMenuSection: availableTabs(menu.sections).map((tab) => ({
      '@type': 'MenuSection',
      name: tab.label,
      hasMenuSection: sectionsForTab(menu.sections, tab.id).map((section) => ({
        '@type': 'MenuSection',
        name: section.heading,
        hasMenuItem: section.items.map((item) => ({
          '@type': 'MenuItem',
          name: item.name,
          ...(item.ingredients ? { description: item.ingredients } : {}),
          ...(item.pricePence === undefined
            ? {}
            : {
                offers: { '@type': 'Offer', price: (item.pricePence / 100).toFixed(2), priceCurrency: 'GBP' },
              }),
        })),
      })),
    })),
  };
}

export function structuredDataScript(data: unknown): string {
  return `<script type="application/ld+json">${jsonForScript(data)}</script>`;
}
