import { useEffect } from 'react';
import { useRouteError } from 'react-router';

/** Shown when a route throws; the title is the spec's. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main className="container-page py-24 text-center">
      <h1 className="font-serif text-4xl">Unexpected Application Error!</h1>
      <p className="mx-auto mt-4 max-w-md text-ink-soft">
        Something went wrong while showing this page. Please reload it, or go back to the home page.
      </p>
      <a href="/" className="btn-dark mt-8">
        Home
      </a>
    </main>
  );
}
