import venueJson from '../../../content/venue.json' with { type: 'json' };
import { formatTime } from '../time/london-time.ts';
import type { HoursRow, Venue } from './schemas.ts';

/** The pub's details: one source for the header, footer, contact page, e-mails and structured data. */
export const venue = venueJson as Venue;

export function formatAddressLines(address = venue.address): string[] {
  return [address.street, address.locality, `${address.town}, ${address.county}`, address.postcode];
}

export function formatHoursRange(row: Pick<HoursRow, 'opens' | 'closes'>): string {
  const closes = row.closes === '24:00' ? 'Midnight' : formatTime(row.closes);
  return `${formatTime(row.opens)} – ${closes}`;
}

export function telephoneHref(phone = venue.phone): string {
  return `tel:${phone.replace(/[^\d+]/g, '').replace(/^0/, '+44')}`;
}
