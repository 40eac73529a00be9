import type { ReactNode } from 'react';

const TONES = {
  info: 'border-green-700 bg-cream-50',
  warning: 'border-brass-500 bg-brass-300/20',
  error: 'border-burgundy-700 bg-burgundy-700/10',
} as const;

/**
 * Where a payment's return page stands (Christmas Day's, an occasion's, a voucher's): confirming, paid, still
 * waiting, cancelled or failed, announced as it changes (an error as an alert).
 */
export function PaymentOutcome({
  tone,
  title,
  children,
}: {
  tone: keyof typeof TONES;
  title: string;
  children: ReactNode;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-2xl border-l-4 p-6 sm:p-8 ${TONES[tone]}`}
    >
      <h2 className={`font-serif text-3xl ${tone === 'error' ? 'text-burgundy-800' : 'text-green-900'}`}>
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-lg">{children}</div>
    </div>
  );
}
