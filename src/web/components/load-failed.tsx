import { Notice } from '#web/features/staff/notice.tsx';
import { failureText } from '../lib/api.ts';

/** What a page says when what it shows could not be loaded: the server's words, or that it was not reached. */
export const LOAD_FAILED =
  'We couldn’t reach the pub just now, so this page cannot be shown. Please check your connection and reload the page.';

export function LoadFailed({ error }: { error: unknown }) {
  return <Notice tone="error">{failureText(error, LOAD_FAILED)}</Notice>;
}
