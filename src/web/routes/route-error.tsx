import { Component, type ReactNode } from 'react';
import { PageHydrated } from '#web/hooks/use-hydrated.ts';

/** Shown when a page throws; the title is the spec’s. */
export function RouteErrorPage() {
  return (
    <div className="container-page py-24 text-center">
      <h1 className="font-serif text-4xl">Unexpected Application Error!</h1>
      <p className="mx-auto mt-4 max-w-md text-ink-soft">
        Something went wrong while showing this page. Please reload it, or go back to the home page.
      </p>
      <a href="/" className="btn-dark mt-8">
        Home
      </a>
    </div>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** A change (the next page's path) clears the error, so the guest can navigate away from it. */
  resetKey?: string;
}

/**
 * Catches what a page throws while rendering (a bug, or a chunk that failed to load after a deploy) and
 * shows the error page in its place.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  // The error page stands in for the page, the part whose `PageHydrated` ends hydration: it ends it instead.
  override render() {
    return this.state.failed ? (
      <>
        <RouteErrorPage />
        <PageHydrated />
      </>
    ) : (
      this.props.children
    );
  }
}
