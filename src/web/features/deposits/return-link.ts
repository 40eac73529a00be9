/**
 * The guest's own page to come back to after the checkout, kept in this tab by the checkout's reference: the
 * return page then opens it, and without it (another tab, storage off) says where the link was e-mailed.
 */
const keyOf = (pid: string) => `deposit-return:${pid}`;

function rememberReturnPage(pid: string, manageUrl: string): void {
  if (!manageUrl) return;
  try {
    sessionStorage.setItem(keyOf(pid), manageUrl);
  } catch {
    // Private browsing without storage: the return page names the e-mail instead.
  }
}

/** The path (and query) of the guest's own page kept for this checkout, or null. */
export function returnPagePath(pid: string): string | null {
  try {
    const kept = sessionStorage.getItem(keyOf(pid));
    if (!kept) return null;
    const url = new URL(kept, window.location.origin);
    return `${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}

export function forgetReturnPage(pid: string): void {
  try {
    sessionStorage.removeItem(keyOf(pid));
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/** Off to the checkout (Stripe's page, or the demo one), keeping where to come back to in this tab. */
export function goToCheckout(checkout: { pid: string; checkoutUrl: string }, returnTo: string): void {
  rememberReturnPage(checkout.pid, returnTo);
  window.location.assign(checkout.checkoutUrl);
}
