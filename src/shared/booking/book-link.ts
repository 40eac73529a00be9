import { isRealIsoDate } from '../time/london-time.ts';
import { MAX_ONLINE_PARTY } from './online-limit.ts';
import { utmSourceOf } from './utm-source.ts';

/**
 * What the short booking link (`/book`, issue 33: Google's booking button and elsewhere) may carry to the booking
 * form: a party size, a date and where the guest came from. Anything else, or a value that will not do, is
 * dropped, so the form always opens ready to use.
 */
export interface BookLinkValues {
  party?: number;
  date?: string;
  utmSource?: string;
}

/** The link's values that will do; `range` is the dates guests may book (`bookableDateRange`). */
export function bookLinkValues(
  query: { get(name: string): string | null },
  range: { first: string; last: string },
): BookLinkValues {
  const values: BookLinkValues = {};
  const party = query.get('party') ?? '';
  if (/^[1-9]\d?$/.test(party) && Number(party) <= MAX_ONLINE_PARTY) values.party = Number(party);
  const date = query.get('date') ?? '';
  if (isRealIsoDate(date) && date >= range.first && date <= range.last) values.date = date;
  const utmSource = utmSourceOf(query.get('utm_source'));
  if (utmSource !== undefined) values.utmSource = utmSource;
  return values;
}

/** The booking form's query string of the link's values: `party`, `date`, `utm_source`, in that order. */
export function bookLinkQuery(values: BookLinkValues): string {
  const query = new URLSearchParams();
  if (values.party !== undefined) query.set('party', String(values.party));
  if (values.date !== undefined) query.set('date', values.date);
  if (values.utmSource !== undefined) query.set('utm_source', values.utmSource);
  const text = query.toString();
  return text ? `?${text}` : '';
}
