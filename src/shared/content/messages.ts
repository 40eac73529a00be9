/** What the content API answers staff, and the editors show. */
export const CONTENT_MESSAGES = {
  invalid: 'Please correct the highlighted fields.',
  stale: 'Someone else saved this in the meantime. Reload to see their change, then make yours again.',
  versionNotFound: 'There is no such version.',
  unknownKey: 'There is no such content.',
} as const;
