import type { VoucherPurchase } from '#shared/vouchers/api.ts';
import {
  checkVoucherPurchase,
  type VoucherPurchaseField,
  type VoucherPurchaseProblem,
} from '#shared/vouchers/rules.ts';
import type { VoucherSettings } from '#shared/vouchers/settings.ts';
import type { VoucherDelivery } from '#shared/vouchers/status.ts';

/** The amount question's answer for "Another amount": the pounds typed in `customPounds` count. */
export const CUSTOM_AMOUNT = 'custom';

/**
 * The purchase form as the guest fills it in: the amount as the choice made (pence as text, or CUSTOM_AMOUNT
 * with the pounds typed), the rest as the request names them, so the server's issues land on their fields.
 */
export interface VoucherFormValues {
  website: string;
  amountPence: string;
  customPounds: string;
  recipientName: string;
  deliverTo: VoucherDelivery;
  recipientEmail: string;
  deliverOn: string;
  buyerName: string;
  buyerEmail: string;
  message: string;
}

export function emptyVoucherValues(settings: VoucherSettings, today: string): VoucherFormValues {
  const middle = settings.amountsPence[Math.floor((settings.amountsPence.length - 1) / 2)];
  return {
    website: '',
    amountPence: middle === undefined ? '' : String(middle),
    customPounds: '',
    recipientName: '',
    deliverTo: 'recipient',
    recipientEmail: '',
    deliverOn: today,
    buyerName: '',
    buyerEmail: '',
    message: '',
  };
}

const POUNDS = /^£?\s*(\d{1,5})(?:\.(\d{1,2}))?$/;

/** Pence of the pounds typed ("40", "£40.50"), or 0 when it is not an amount. */
function penceOfPounds(text: string): number {
  const match = POUNDS.exec(text.trim());
  if (!match) return 0;
  const [, pounds = '0', pence = '0'] = match;
  return Number(pounds) * 100 + Number(pence.padEnd(2, '0'));
}

/** The amount the form's answer comes to, in pence (0 while none is chosen or typed). */
export function chosenPence(values: Pick<VoucherFormValues, 'amountPence' | 'customPounds'>): number {
  if (values.amountPence === CUSTOM_AMOUNT) return penceOfPounds(values.customPounds);
  const pence = Number(values.amountPence);
  return Number.isInteger(pence) ? pence : 0;
}

/** The request the form sends: a voucher the buyer gives themselves is e-mailed to them today. */
export function purchaseRequest(values: VoucherFormValues, today: string): VoucherPurchase {
  const toRecipient = values.deliverTo === 'recipient';
  return {
    website: values.website,
    amountPence: chosenPence(values),
    buyerName: values.buyerName.trim(),
    buyerEmail: values.buyerEmail.trim(),
    recipientName: values.recipientName.trim(),
    recipientEmail: toRecipient ? values.recipientEmail.trim() : '',
    message: values.message.trim(),
    deliverTo: values.deliverTo,
    deliverOn: toRecipient ? values.deliverOn : today,
  };
}

/** The form's field a rule's problem belongs under: a custom amount's under the pounds typed. */
function formFieldOf(
  field: VoucherPurchaseField | null,
  values: VoucherFormValues,
): keyof VoucherFormValues | null {
  if (field === 'amountPence' && values.amountPence === CUSTOM_AMOUNT) return 'customPounds';
  return field;
}

/** The shared purchase rule over the form's values, its problem named by the form's own field. */
export function voucherFormProblem(
  values: VoucherFormValues,
  settings: VoucherSettings,
  today: string,
): { field: keyof VoucherFormValues | null; message: string } | null {
  const problem: VoucherPurchaseProblem | null = checkVoucherPurchase(
    purchaseRequest(values, today),
    settings,
    today,
  );
  return problem ? { field: formFieldOf(problem.field, values), message: problem.message } : null;
}
