import type { ReactNode } from 'react';

/**
 * The one large button of a page a guest opens from an e-mail's link: a tap does what the e-mail offered.
 * It takes no second tap while `busy`.
 */
export function OneTapButton({
  busy,
  onClick,
  children,
}: {
  busy: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="btn-dark w-full px-8 py-4 text-lg sm:w-auto"
      onClick={onClick}
      disabled={busy}
    >
      {children}
    </button>
  );
}
