import { formatTime } from '../time/london-time.ts';
import type { HoursRow, SpecialDate, Venue } from './schemas.ts';

/** The pub's details come from the venue document; these spell them out the same way everywhere. */
export function formatAddressLines(address: Venue['address']): string[] {
  return [address.street, address.locality, `${address.town}, ${address.county}`, address.postcode];
}

export function formatHoursRange(row: Pick<HoursRow, 'opens' | 'closes'>): string {
  const closes = row.closes === '24:00' ? 'Midnight' : formatTime(row.closes);
  return `${formatTime(row.opens)} – ${closes}`;
}

export function telephoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '').replace(/^0/, '+44')}`;
}

/** Special dates from today on, soonest first: what the footer and the contact page announce. */
export function upcomingSpecialDates(specialDates: readonly SpecialDate[], today: string): SpecialDate[] {
  return specialDates.filter((day) => day.date >= today).sort((a, b) => a.date.localeCompare(b.date));
}

/** "Closed" or "12:00 PM – 6:00 PM". */
export function specialDateHours(day: SpecialDate): string {
  return day.closed || !day.opens || !day.closes
    ? 'Closed'
    : formatHoursRange({ opens: day.opens, closes: day.closes });
}
