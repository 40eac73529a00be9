import { plural } from '../text/plural.ts';

/** How a party is counted, for tables and Christmas Day alike: adults and children. */
export function partySize(adults: number, children: number): number {
  return adults + children;
}

/** A party field as typed: blank counts as 0 (spec §5); anything that is not a number is kept for the rules to refuse. */
export function guestCountFromInput(value: string): number {
  return value.trim() === '' ? 0 : Number(value);
}

/** A head count or a dish count as it must be: a whole number, 0 or more. */
export function isWholeCount(count: number): boolean {
  return Number.isInteger(count) && count >= 0;
}

/** "Adults must be a whole number, 0 or more.": a head count that is not one. */
export function guestCountMessage(label: string): string {
  return `${label} must be a whole number, 0 or more.`;
}

/** The party as typed, or nobody while either field is not a whole number: what a form's running totals show. */
export function partyToShow(
  adults: number,
  children: number,
): { partyAdults: number; partyChildren: number } {
  return isWholeCount(adults) && isWholeCount(children)
    ? { partyAdults: adults, partyChildren: children }
    : { partyAdults: 0, partyChildren: 0 };
}

/** "2 adults and 1 child", "3 adults", "2 children". */
export function partyText(adults: number, children: number): string {
  const parts = [];
  if (adults > 0) parts.push(plural(adults, 'adult', 'adults'));
  if (children > 0) parts.push(plural(children, 'child', 'children'));
  return parts.join(' and ');
}
