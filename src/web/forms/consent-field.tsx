import { memo, useId } from 'react';
import { useController } from 'react-hook-form';
import { MarketingConsentField } from '../features/privacy/privacy-fields.tsx';

/** The guest's choice of news by e-mail (`MarketingConsentField`): the value `marketingConsent` of the form around it. */
export const FormMarketingConsent = memo(function FormMarketingConsent() {
  const id = useId();
  const { field } = useController({ name: 'marketingConsent' });
  return <MarketingConsentField id={id} checked={field.value} onChange={field.onChange} />;
});
