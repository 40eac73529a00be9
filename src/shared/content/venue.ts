import { compareDateOrTime, formatTimeRange } from '../time/london-time.ts';
import type { HoursRow, SpecialDate, Venue } from './schemas.ts';

/** The pub's details come from the venue document; these spell them out the same way everywhere. */
export function formatAddressLines(address: Venue['address']): string[] {
  return [address.street, address.locality, `${address.town}, ${address.county}`, address.postcode];
}

/** "12pm–11pm", "12pm–Midnight". */
export function formatHoursRange(row: Pick<HoursRow, 'opens' | 'closes'>): string {
  return formatTimeRange(row.opens, row.closes);
}

export function telephoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '').replace(/^0/, '+44')}`;
}

/** Special dates from today on, soonest first: what the footer and the contact page announce. */
export function upcomingSpecialDates(specialDates: readonly SpecialDate[], today: string): SpecialDate[] {
  return specialDates.filter((day) => day.date >= today).sort((a, b) => compareDateOrTime(a.date, b.date));
}

/** "Closed" or "12pm–6pm". */
export function specialDateHours(day: SpecialDate): string {
  return day.closed || !day.opens || !day.closes
    ? 'Closed'
    : formatHoursRange({ opens: day.opens, closes: day.closes });
}
