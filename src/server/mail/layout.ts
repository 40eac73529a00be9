import type { SendMailOptions } from 'nodemailer';
import { formatAddressLines, telephoneHref, venue } from '../../shared/content/venue.ts';
import { escapeHtml } from '../lib/html.ts';

/** The pub's e-mail frame and its pieces, shared by every message the site sends. */

export const GREEN = '#1d3a2c';
const CREAM = '#f5eedc';
export const BRASS = '#b58a3c';
const INK = '#2b2b2b';
const RULE = '#e4d8bb';
export const SERIF = "Georgia, 'Times New Roman', serif";
const SANS = 'Arial, Helvetica, sans-serif';

export type Row = readonly [label: string, value: string];

/** Escaped, with the guest's own line breaks kept. */
export function htmlText(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, '<br>');
}

export function paragraph(html: string): string {
  return `<p style="margin:0 0 16px;">${html}</p>`;
}

export function detailsTable(rows: readonly Row[]): string {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:11px 12px 9px 0;border-bottom:1px solid ${RULE};width:38%;vertical-align:top;` +
        `font-size:14px;color:#6b5a33;">${escapeHtml(label)}</td>` +
        `<td style="padding:9px 0;border-bottom:1px solid ${RULE};vertical-align:top;font-weight:bold;">` +
        `${htmlText(value)}</td></tr>`,
    )
    .join('');
  return (
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" ` +
    `style="border-collapse:collapse;margin:8px 0 24px;border-top:2px solid ${BRASS};">${cells}</table>`
  );
}

export function noteBox(html: string): string {
  return (
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;">` +
    `<tr><td style="background:${CREAM};border-left:4px solid ${BRASS};padding:12px 16px;font-size:15px;">` +
    `${html}</td></tr></table>`
  );
}

/** The shared frame: a green masthead with a brass rule, a cream page, the pub's details at the foot. */
export function layout(options: {
  title: string;
  kicker: string;
  preheader: string;
  content: string;
}): string {
  const address = formatAddressLines().map(escapeHtml).join('<br>');
  return `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(options.title)}</title></head>
<body style="margin:0;padding:0;background:${CREAM};">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(options.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${CREAM};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:#fffdf7;border:1px solid ${RULE};">
<tr><td style="background:${GREEN};padding:24px 32px;border-bottom:4px solid ${BRASS};">
<p style="margin:0;font-family:${SERIF};font-size:26px;color:${CREAM};">${escapeHtml(venue.name)}</p>
<p style="margin:6px 0 0;font-family:${SANS};font-size:12px;letter-spacing:2px;text-transform:uppercase;color:${BRASS};">${escapeHtml(options.kicker)}</p>
</td></tr>
<tr><td style="padding:28px 32px 12px;font-family:${SANS};font-size:16px;line-height:1.55;color:${INK};">
${options.content}
</td></tr>
<tr><td style="background:${GREEN};padding:20px 32px;font-family:${SANS};font-size:13px;line-height:1.6;color:${CREAM};">
<strong style="font-family:${SERIF};font-size:15px;">${escapeHtml(venue.name)}</strong><br>${address}<br>
<a href="${escapeHtml(telephoneHref())}" style="color:${CREAM};">${escapeHtml(venue.phone)}</a> &middot;
<a href="mailto:${escapeHtml(venue.email)}" style="color:${CREAM};">${escapeHtml(venue.email)}</a>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

const TEXT_LABEL_WIDTH = 22;

export function textRows(rows: readonly Row[]): string {
  const indent = `\n${' '.repeat(TEXT_LABEL_WIDTH)}`;
  return rows
    .map(([label, value]) => `${`${label}:`.padEnd(TEXT_LABEL_WIDTH)}${value.replace(/\r?\n/g, indent)}`)
    .join('\n');
}

export function textFooter(): string {
  return [venue.name, ...formatAddressLines(), venue.phone, venue.email].join('\n');
}

export function heading(text: string): string {
  return `<h1 style="margin:0 0 16px;font-family:${SERIF};font-size:24px;font-weight:normal;color:${GREEN};">${escapeHtml(text)}</h1>`;
}

export function phoneLink(): string {
  return (
    `<a href="${escapeHtml(telephoneHref())}" style="color:${GREEN};font-weight:bold;">` +
    `${escapeHtml(venue.phone)}</a>`
  );
}

/** One paragraph of a letter, as HTML (escaped by the caller) and as plain text; empty parts are left out. */
export interface LetterPart {
  html: string;
  text: string;
}

/** A letter to a guest: greeting, its parts, a sign-off from the team, in HTML and plain text. */
export function guestLetter(options: {
  to: { name: string; address: string };
  subject: string;
  kicker: string;
  preheader: string;
  title: string;
  parts: LetterPart[];
  signOff: string;
}): SendMailOptions {
  const parts = options.parts.filter((part) => part.html !== '' || part.text !== '');
  const html = [
    heading(options.title),
    paragraph(`Dear ${escapeHtml(options.to.name)},`),
    ...parts.map((part) => part.html),
    paragraph(`${escapeHtml(options.signOff)},<br>The team at ${escapeHtml(venue.name)}`),
  ].join('\n');
  const text = [
    `Dear ${options.to.name},`,
    ...parts.map((part) => part.text),
    `${options.signOff},\nThe team at ${venue.name}`,
    `--\n${textFooter()}`,
  ].join('\n\n');
  return {
    to: options.to,
    replyTo: venue.email,
    subject: options.subject,
    text,
    html: layout({
      title: options.subject,
      kicker: options.kicker,
      preheader: options.preheader,
      content: html,
    }),
  };
}
