import type { ReactNode } from 'react';

/** An error banner (role alert) or a quiet confirmation (role status). */
export function Notice({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  return tone === 'error' ? (
    <p
      role="alert"
      className="rounded-lg border border-burgundy-700/30 bg-burgundy-700/10 px-4 py-3 text-burgundy-800"
    >
      {children}
    </p>
  ) : (
    <p
      role="status"
      className="rounded-lg border border-green-700/30 bg-green-700/10 px-4 py-3 text-green-900"
    >
      {children}
    </p>
  );
}
