/**
 * What the web's API client says when the server gives no text of its own (spec §8): its own module, so the
 * public pages, which carry the client, do not carry every admin text.
 */
export const UNAUTHORIZED = 'Unauthorized';

export function requestFailed(status: number): string {
  return `Request failed (${status})`;
}
