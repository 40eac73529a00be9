/** "guest" for one, "guests" for any other count. */
export function pluralNoun(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

/** "1 guest", "3 guests". */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${pluralNoun(count, one, many)}`;
}
