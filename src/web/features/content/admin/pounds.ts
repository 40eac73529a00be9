/** Prices are typed in pounds ("7.50", "£12") and kept in pence. */
const POUNDS = /^£?\s*(\d{1,5})(?:\.(\d{1,2}))?$/;

export const POUNDS_MESSAGE = 'must be an amount in pounds, e.g. 7.50';

/** Pence from what staff typed, or null when it is not an amount of pounds and pence. */
export function penceFromPounds(text: string): number | null {
  const match = POUNDS.exec(text.trim());
  if (!match) return null;
  const [, pounds = '0', pence = '0'] = match;
  return Number(pounds) * 100 + Number(pence.padEnd(2, '0'));
}

/** "7.50": pence as staff type them. */
export function poundsText(pence: number): string {
  return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
}
