/** The rose-and-crown roundel of the pub sign, drawn inline so the header needs no image request. */
export function Emblem({ className = 'h-10 w-10' }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="23" fill="#1d3a2c" stroke="#b58a3c" strokeWidth="2" />
      <circle cx="24" cy="24" r="19" fill="none" stroke="#b58a3c" strokeWidth="0.8" strokeDasharray="2 2" />
      <path d="M14 19 17 12 20.5 17 24 10 27.5 17 31 12 34 19Z" fill="#d4b06a" />
      <rect x="14" y="19" width="20" height="3" rx="1" fill="#b58a3c" />
      <circle cx="24" cy="31" r="6.5" fill="#9b3b3b" />
      <circle cx="24" cy="31" r="3.6" fill="#7a2e2e" stroke="#e9b7a7" strokeWidth="0.8" />
      <path d="M17 36c2-1 4-1 5 1M31 36c-2-1-4-1-5 1" stroke="#6f9a78" strokeWidth="1.6" fill="none" />
    </svg>
  );
}
