import { failureText } from '../lib/api.ts';

/** What a page says when what it shows could not be loaded: the server's words, or that it was not reached. */
export const LOAD_FAILED =
  'We couldn’t reach the pub just now, so this page cannot be shown. Please check your connection and reload the page.';

export function LoadFailed({ error }: { error: unknown }) {
  return (
    <p
      role="alert"
      className="rounded-xl border border-burgundy-700 bg-burgundy-700/10 p-5 font-semibold text-burgundy-800"
    >
      {failureText(error, LOAD_FAILED)}
    </p>
  );
}
