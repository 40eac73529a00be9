import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The way back to the list a page was opened from, above its heading. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p>
      <Link to={to} className="link text-sm">
        ← {children}
      </Link>
    </p>
  );
}
