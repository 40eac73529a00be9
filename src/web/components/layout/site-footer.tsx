import { lazy, Suspense } from 'react';
import { KeptFromServer } from '#web/components/kept-from-server.tsx';
import { useVenue } from '#web/features/content/site-content.tsx';

const FooterContents = lazy(() =>
  import('./footer-contents.tsx').then((module) => ({ default: module.FooterContents })),
);

export function SiteFooter() {
  const venue = useVenue();
  return (
    <footer className="below-first-screen pattern-tiles mt-24 text-cream-100">
      <KeptFromServer from={[venue]} className="bg-gradient-to-b from-green-900/95 to-green-950/95">
        <Suspense fallback={null}>
          <FooterContents />
        </Suspense>
      </KeptFromServer>
    </footer>
  );
}
