/**
 * "Yes, we're coming" (issue 18): the reminder e-mail links to the guest's own booking page with `?coming=yes`,
 * and the page asks for the tap that confirms it. A link alone confirms nothing: mail scanners follow links.
 */
export const COMING_QUERY = { name: 'coming', value: 'yes' } as const;

export function comingUrl(manageUrl: string): string {
  return `${manageUrl}?${COMING_QUERY.name}=${COMING_QUERY.value}`;
}

/** What guests read in the reminder and on their booking's page, what staff see, and the API's answers. */
export const COMING_MESSAGES = {
  action: 'Yes, we’re coming',
  sending: 'Letting us know…',
  question: 'Still coming? One tap tells us to expect you.',
  thanks: 'Thank you for letting us know. We look forward to seeing you.',
  alreadyConfirmed: 'You have told us you are coming. We look forward to seeing you.',
  tooLate: 'This booking has started, so there is nothing to confirm.',
  /** The tick staff see in the day view and the booking's panel. */
  staffTick: 'Coming ✓',
  staffTickLabel: 'The guest confirmed they are coming',
} as const;
