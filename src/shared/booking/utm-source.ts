/**
 * Where a guest came from, as the link they followed says it in `?utm_source=` ("google", the promo's "modal"):
 * lower-case letters, digits, `_` and `-`. No zod here: the browser imports it.
 */
export const UTM_SOURCE_PATTERN = /^[a-z0-9_-]{1,60}$/;

/** A link's utm_source when it will do; undefined otherwise, so an odd one is simply not recorded. */
export function utmSourceOf(value: string | null | undefined): string | undefined {
  return value && UTM_SOURCE_PATTERN.test(value) ? value : undefined;
}
