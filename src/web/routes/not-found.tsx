import { Link, Route, Routes } from 'react-router';
import { PRIVACY_PATH } from '#shared/privacy/privacy-path.ts';
import { UNSUBSCRIBE_PATH_PREFIX } from '#shared/privacy/unsubscribe.ts';
import { PrivacyNoticePage } from '../features/privacy/privacy-notice-page.tsx';
import { UnsubscribePage } from '../features/privacy/unsubscribe-page.tsx';

/** Any path the site lacks (the server answers 404 with it). */
export function NotFound() {
  return (
    <div className="container-page py-24 text-center">
      <p className="eyebrow">404</p>
      <h1 className="mt-2 font-serif text-4xl sm:text-5xl">Page not found</h1>
      <p className="mx-auto mt-4 max-w-md text-ink-soft">
        We’ve looked behind the bar and down the cellar steps, but that page isn’t here.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-dark">
          Back to the home page
        </Link>
        <Link to="/events" className="btn-outline">
          See what’s on
        </Link>
      </div>
    </div>
  );
}

/**
 * The router's catch-all. Besides the paths the site lacks, it serves the pages guests reach from the footer or
 * an e-mail rather than the menu, the privacy notice and the unsubscribe page (issue 19): one chunk for them
 * all keeps the first script from naming a chunk for each (the public entry's budget, docs/performance.md).
 */
export function Component() {
  return (
    <Routes>
      <Route path={PRIVACY_PATH} element={<PrivacyNoticePage />} />
      <Route path={`${UNSUBSCRIBE_PATH_PREFIX}:token`} element={<UnsubscribePage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
