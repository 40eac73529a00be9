import { Link } from 'react-router';

/** Any path the site lacks (the server answers 404 with it). */
export function Component() {
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
