/** An arrow pointing back (left) or forward (right): a day before or after, a link to the other menu. */
export function Chevron({
  direction,
  className = 'h-5 w-5',
}: {
  direction: 'left' | 'right';
  className?: string;
}) {
  return (
    <svg viewBox="0 0 24 24" className={`shrink-0 ${className}`} aria-hidden="true">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        stroke="currentColor"
        strokeWidth="2.2"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
