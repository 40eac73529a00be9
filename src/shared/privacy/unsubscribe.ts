/** A guest's page that withdraws their marketing consent (issue 19): `/unsubscribe/<token>`. */
export const UNSUBSCRIBE_PATH_PREFIX = '/unsubscribe/';

export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${UNSUBSCRIBE_PATH_PREFIX}${encodeURIComponent(token)}`;
}

/** The token of an unsubscribe page path, or null. */
export function unsubscribeTokenFromPath(pathname: string): string | null {
  const match = /^\/unsubscribe\/([^/]+)\/?$/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

export const UNSUBSCRIBE_MESSAGES = {
  title: 'Stop news of events and offers',
  lead: 'We will stop sending news of events and offers to this address. Bookings are not affected.',
  button: 'Unsubscribe',
  done: 'Done: we will send no more news of events and offers to this address.',
  invalidLink: 'This link is not valid. It may have been copied incompletely.',
  failed: 'Could not unsubscribe. Please try again.',
  emailLine: 'You asked us to send you news of events and offers. To stop them at any time:',
  emailLink: 'Unsubscribe',
} as const;
