import { Link } from 'react-router';
import { MARKETING_CONSENT_WORDING, PRIVACY_LINK_TEXT } from '#shared/privacy/consent.ts';
import { PRIVACY_PATH } from '#shared/privacy/privacy-path.ts';

/**
 * What stands beside the forms that take a guest's details (issue 19), in one module so the pages that show them
 * share one small chunk.
 */

/** "How we use your details": beside every form that takes a guest's personal data (issue 19). */
export function PrivacyLink({ className = '' }: { className?: string }) {
  return (
    <p className={`text-sm text-ink-soft ${className}`}>
      <Link to={PRIVACY_PATH} className="link">
        {PRIVACY_LINK_TEXT}
      </Link>
    </p>
  );
}

/**
 * The optional box for news of events and offers (issue 19): unticked until the guest ticks it, its words
 * those stored with the consent; with the link to how we use the guest's details.
 */
export function MarketingConsentField({
  id,
  checked,
  onChange,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="space-y-2">
      <div className="flex min-h-11 items-center gap-3">
        <input
          id={id}
          name="marketingConsent"
          type="checkbox"
          checked={checked}
          onChange={(change) => onChange(change.target.checked)}
          className="h-5 w-5 shrink-0 accent-green-800"
        />
        <label htmlFor={id} className="font-semibold text-green-900">
          {MARKETING_CONSENT_WORDING} <span className="font-normal text-ink-soft">(optional)</span>
        </label>
      </div>
      <PrivacyLink />
    </div>
  );
}
