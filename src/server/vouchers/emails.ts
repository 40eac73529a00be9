import type { SendMailOptions } from 'nodemailer';
import type { Venue } from '#shared/content/schemas.ts';
import { formatMoney } from '#shared/money/money.ts';
import { formatLongDate } from '#shared/time/london-time.ts';
import { voucherPath } from '#shared/vouchers/links.ts';
import { formatCode } from '#shared/vouchers/rules.ts';
import { html } from '../lib/html.ts';
import { ActionLink, BRASS, BRASS_TEXT, CREAM, GREEN, RULE, SANS, SERIF } from '../mail/layout.ts';
import { detailsPart, guestLetter, type LetterPart, paragraphPart } from '../mail/messages.ts';
import type { Row } from '../mail/text-rows.ts';
import type { VoucherRow } from './staff-voucher.ts';

/** What a voucher's e-mails are written with: the pub, the vouchers document's terms, and PUBLIC_URL. */
export interface VoucherMailContext {
  venue: Venue;
  terms: readonly string[];
  publicUrl: string;
}

/** The QR code's image, attached to the message and shown in it by its Content-ID. */
const QR_CID = 'voucher-qr@rose-and-crown';
const QR_SHOWN_PX = 180;

/** Whom the voucher itself is e-mailed to: the recipient on the chosen day, or the buyer to give it. */
export function voucherAddressee(voucher: VoucherRow): { name: string; email: string } {
  return voucher.deliverTo === 'recipient'
    ? { name: voucher.recipientName, email: voucher.recipientEmail }
    : { name: voucher.buyerName, email: voucher.buyerEmail };
}

function qrAttachment(qrPngBase64: string) {
  return {
    filename: 'voucher-qr-code.png',
    content: qrPngBase64,
    encoding: 'base64',
    contentType: 'image/png',
    cid: QR_CID,
  };
}

/** The voucher as a card: the amount, for whom, the buyer's message, the code, the QR code and its last day. */
function voucherCardPart(voucher: VoucherRow, venue: Venue): LetterPart {
  const code = formatCode(voucher.code);
  const amount = formatMoney(voucher.amountPence);
  const until = formatLongDate(voucher.expiresOn);
  const cell = { padding: '0 24px', textAlign: 'center' } as const;
  const kicker = {
    margin: '24px 0 4px',
    fontFamily: SANS,
    fontSize: '12px',
    letterSpacing: '3px',
    textTransform: 'uppercase',
    color: BRASS_TEXT,
  } as const;
  const amountStyle = { margin: '0', fontFamily: SERIF, fontSize: '48px', lineHeight: '1.1', color: GREEN };
  const forStyle = { margin: '6px 0 16px', fontFamily: SERIF, fontSize: '20px', color: GREEN };
  const messageStyle = {
    margin: '0 0 16px',
    padding: '12px 16px',
    borderTop: `1px solid ${RULE}`,
    borderBottom: `1px solid ${RULE}`,
    fontFamily: SERIF,
    fontSize: '17px',
    fontStyle: 'italic',
    color: '#3d3425',
  } as const;
  const codeLabel = { margin: '0', fontFamily: SANS, fontSize: '13px', color: '#6b5a33' };
  const codeStyle = {
    margin: '2px 0 16px',
    fontFamily: "'Courier New', Courier, monospace",
    fontSize: '22px',
    fontWeight: 'bold',
    letterSpacing: '2px',
    color: GREEN,
  };
  const untilStyle = { margin: '0 0 24px', fontFamily: SANS, fontSize: '14px', color: '#6b5a33' };
  const from = voucher.buyerName ? `from ${voucher.buyerName}` : `from ${venue.name}`;
  const card = html`<table
    role="presentation"
    width="100%"
    cellPadding="0"
    cellSpacing="0"
    border="0"
    style=${{ margin: '8px 0 24px', background: CREAM, border: `2px solid ${BRASS}`, borderRadius: '12px' }}
  >
    <tr>
      <td style=${cell}>
        <p style=${kicker}>Gift voucher · ${venue.name}</p>
        <p style=${amountStyle}>${amount}</p>
        <p style=${forStyle}>for ${voucher.recipientName}</p>
        ${
          voucher.message &&
          html`<p style=${messageStyle}>“${voucher.message}”<br /><span style=${{ fontSize: '15px' }}>— ${from}</span></p>`
        }
        <p style=${codeLabel}>Voucher code</p>
        <p style=${codeStyle}>${code}</p>
        <img
          src=${`cid:${QR_CID}`}
          width=${QR_SHOWN_PX}
          height=${QR_SHOWN_PX}
          alt=${`QR code of voucher ${code}`}
          style=${{ display: 'block', margin: '0 auto 8px', border: 0 }}
        />
        <p style=${untilStyle}>Show this at the bar · valid until ${until}</p>
      </td>
    </tr>
  </table>`;
  const text = [
    `GIFT VOUCHER — ${venue.name}`,
    `${amount} for ${voucher.recipientName}`,
    ...(voucher.message ? [`“${voucher.message}” — ${from}`] : []),
    `Voucher code: ${code}`,
    `Valid until ${until}`,
  ].join('\n');
  return { html: card, text };
}

function linkPart(label: string, url: string): LetterPart {
  return { html: html`<${ActionLink} href=${url}>${label}<//>`, text: `${label}: ${url}` };
}

function termsPart(terms: readonly string[]): LetterPart {
  const listStyle = { margin: '0 0 16px', paddingLeft: '20px', fontSize: '14px', color: '#4a4233' };
  return {
    html: html`<div>
      <p style=${{ margin: '0 0 6px', fontWeight: 'bold' }}>Terms</p>
      <ul style=${listStyle}>
        ${terms.map((term) => html`<li key=${term} style=${{ margin: '0 0 4px' }}>${term}</li>`)}
      </ul>
    </div>`,
    text: ['Terms', ...terms.map((term) => `- ${term}`)].join('\n'),
  };
}

/** The voucher itself with how to use it: the card, its page to print, and the terms. */
function voucherParts(voucher: VoucherRow, context: VoucherMailContext): LetterPart[] {
  return [
    voucherCardPart(voucher, context.venue),
    linkPart('See and print the voucher', `${context.publicUrl}${voucherPath(voucher.code)}`),
    paragraphPart(
      'To use it, show this e-mail or the printed voucher at the bar, or give us the code when you pay. ' +
        'It can be spent in part: what is left stays on the voucher until it expires.',
    ),
    termsPart(context.terms),
  ];
}

/** The voucher e-mail: to the recipient on its delivery date, or to the buyer to give it themselves. */
export function voucherEmail(
  voucher: VoucherRow,
  context: VoucherMailContext,
  qrPngBase64: string,
): SendMailOptions {
  const amount = formatMoney(voucher.amountPence);
  const { venue } = context;
  const toRecipient = voucher.deliverTo === 'recipient';
  const giver = voucher.buyerName || venue.name;
  const intro = toRecipient
    ? `${giver} has sent you a gift voucher for ${amount} to spend at ${venue.name}. We look forward to seeing you.`
    : `Here is your gift voucher for ${voucher.recipientName}, to give them yourself: print it, or forward this e-mail.`;
  const letter = guestLetter(venue, voucherAddressee(voucher), {
    subject: toRecipient
      ? `${giver} has sent you a ${amount} gift voucher for ${venue.name}`
      : `Your ${amount} gift voucher for ${voucher.recipientName}`,
    kicker: 'Gift voucher',
    preheader: intro,
    title: toRecipient ? 'A gift for you' : `A gift for ${voucher.recipientName}`,
    parts: [paragraphPart(intro), ...voucherParts(voucher, context)],
    signOff: 'With best wishes',
  });
  return { ...letter, attachments: [qrAttachment(qrPngBase64)] };
}

/** When the buyer reads of the delivery: today (with this e-mail, or already sent) or on its date. */
function deliveryText(voucher: VoucherRow, today: string): string {
  const when = voucher.deliverOn <= today ? 'today' : `on ${formatLongDate(voucher.deliverOn)}`;
  return voucher.deliverTo === 'recipient'
    ? `E-mailed to ${voucher.recipientName} (${voucher.recipientEmail}) ${when}`
    : `E-mailed to you ${when}`;
}

/**
 * The buyer's receipt, sent as soon as the payment is confirmed: what they bought, for whom, when it is
 * delivered, and the terms. A voucher for the buyer to give, delivered today, comes in this same e-mail
 * (`qrPngBase64` given); otherwise the voucher e-mail follows on its date.
 */
export function voucherReceiptEmail(
  voucher: VoucherRow,
  context: VoucherMailContext,
  today: string,
  qrPngBase64: string | null,
): SendMailOptions {
  const amount = formatMoney(voucher.amountPence);
  const { venue } = context;
  const rows: Row[] = [
    ['Gift voucher', amount],
    ['For', voucher.recipientName],
    ['Delivery', deliveryText(voucher, today)],
    ['Valid until', formatLongDate(voucher.expiresOn)],
    ['Paid', formatMoney(voucher.paidPence)],
  ];
  if (voucher.message) rows.push(['Your message', voucher.message]);
  const intro = `Thank you — we have received your payment of ${formatMoney(voucher.paidPence)} for a gift voucher for ${voucher.recipientName}.`;
  const later =
    voucher.deliverTo === 'recipient'
      ? `We will e-mail the voucher to ${voucher.recipientName} ${voucher.deliverOn <= today ? 'straight away' : `on ${formatLongDate(voucher.deliverOn)}`}, with your message.`
      : `We will e-mail the voucher to you on ${formatLongDate(voucher.deliverOn)}, ready to give.`;
  const parts: LetterPart[] = [paragraphPart(intro), detailsPart(rows)];
  if (qrPngBase64)
    parts.push(paragraphPart('Here is the voucher, ready to give:'), ...voucherParts(voucher, context));
  else parts.push(paragraphPart(later), termsPart(context.terms));
  parts.push(paragraphPart('Please keep this e-mail as your receipt.'));
  const letter = guestLetter(
    venue,
    { name: voucher.buyerName, email: voucher.buyerEmail },
    {
      subject: `Your receipt: ${amount} gift voucher for ${voucher.recipientName} — ${venue.name}`,
      kicker: 'Gift voucher receipt',
      preheader: intro,
      title: 'Thank you for your gift',
      parts,
      signOff: 'With best wishes',
    },
  );
  return qrPngBase64 ? { ...letter, attachments: [qrAttachment(qrPngBase64)] } : letter;
}
