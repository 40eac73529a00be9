import { type CSSProperties, createContext, type ReactNode, useContext } from 'react';
import type { Venue } from '#shared/content/schemas.ts';
import { formatAddressLines, telephoneHref } from '#shared/content/venue.ts';
import { html, MultilineText, renderDocument } from '../lib/html.ts';
import type { Row } from './text-rows.ts';

/** The pub's e-mail frame and its pieces, shared by every message the site sends. */

/** The frame's colours and faces: a message with a piece of its own (a gift voucher) draws it in them. */
export const GREEN = '#1d3a2c';
export const CREAM = '#f5eedc';
export const BRASS = '#b58a3c';
/**
 * Brass for words, as the website writes them (web/theme.css): BRASS itself is too light for text on cream
 * and too dark on green (under 4.5:1), so it draws only rules and borders.
 */
export const BRASS_TEXT = '#6e511d';
const BRASS_ON_GREEN = '#e2c88f';
const INK = '#2b2b2b';
export const RULE = '#e4d8bb';
export const SERIF = "Georgia, 'Times New Roman', serif";
export const SANS = 'Arial, Helvetica, sans-serif';

/** A table for layout only: mail clients honour tables where they ignore most CSS. */
function LayoutTable({ style, children }: { style: CSSProperties; children: ReactNode }) {
  return html`<table role="presentation" width="100%" cellPadding="0" cellSpacing="0" border="0" style=${style}>
    ${children}
  </table>`;
}

export function Paragraph({ children }: { children: ReactNode }) {
  return html`<p style=${{ margin: '0 0 16px' }}>${children}</p>`;
}

export function Heading({ children }: { children: ReactNode }) {
  const style = {
    margin: '0 0 16px',
    fontFamily: SERIF,
    fontSize: '24px',
    fontWeight: 'normal',
    color: GREEN,
  };
  return html`<h1 style=${style}>${children}</h1>`;
}

export function DetailsTable({ rows }: { rows: readonly Row[] }) {
  const border = `1px solid ${RULE}`;
  const labelStyle = {
    padding: '11px 12px 9px 0',
    borderBottom: border,
    width: '38%',
    verticalAlign: 'top',
    fontSize: '14px',
    color: '#6b5a33',
  };
  const valueStyle = { padding: '9px 0', borderBottom: border, verticalAlign: 'top', fontWeight: 'bold' };
  const tableStyle = { borderCollapse: 'collapse', margin: '8px 0 24px', borderTop: `2px solid ${BRASS}` };
  return html`<${LayoutTable} style=${tableStyle}>
    ${rows.map(
      ([label, value]) => html`<tr key=${label}>
        <td style=${labelStyle}>${label}</td>
        <td style=${valueStyle}><${MultilineText} text=${value} /></td>
      </tr>`,
    )}
  <//>`;
}

export function NoteBox({ children }: { children: ReactNode }) {
  const style = {
    background: CREAM,
    borderLeft: `4px solid ${BRASS}`,
    padding: '12px 16px',
    fontSize: '15px',
  };
  return html`<${LayoutTable} style=${{ margin: '0 0 16px' }}>
    <tr><td style=${style}>${children}</td></tr>
  <//>`;
}

/** The pub as the venue document had it when the message was written; every mail renders inside one. */
const VenueContext = createContext<Venue | null>(null);

function useVenue(): Venue {
  const venue = useContext(VenueContext);
  if (!venue) throw new Error('A mail part rendered outside renderMail');
  return venue;
}

export function PhoneLink() {
  const venue = useVenue();
  return html`<a href=${telephoneHref(venue.phone)} style=${{ color: GREEN, fontWeight: 'bold' }}>${venue.phone}</a>`;
}

/** A button-like link for the one thing a guest is most likely to do next. */
export function ActionLink({ href, children }: { href: string; children: ReactNode }) {
  const style = {
    display: 'inline-block',
    padding: '12px 20px',
    borderRadius: '8px',
    background: GREEN,
    color: '#fdf8ee',
    fontFamily: SANS,
    fontWeight: 'bold',
    textDecoration: 'none',
  };
  return html`<p style=${{ margin: '0 0 16px' }}><a href=${href} style=${style}>${children}</a></p>`;
}

export function BookingReference({ reference }: { reference: string }) {
  return html`<strong style=${{ color: BRASS_TEXT }}>${reference}</strong>`;
}

function Masthead({ kicker }: { kicker: string }) {
  const venue = useVenue();
  const kickerStyle = {
    margin: '6px 0 0',
    fontFamily: SANS,
    fontSize: '12px',
    letterSpacing: '2px',
    textTransform: 'uppercase',
    color: BRASS_ON_GREEN,
  };
  return html`<tr>
    <td style=${{ background: GREEN, padding: '24px 32px', borderBottom: `4px solid ${BRASS}` }}>
      <p style=${{ margin: 0, fontFamily: SERIF, fontSize: '26px', color: CREAM }}>${venue.name}</p>
      <p style=${kickerStyle}>${kicker}</p>
    </td>
  </tr>`;
}

function FooterLink({ href, children }: { href: string; children: ReactNode }) {
  return html`<a href=${href} style=${{ color: CREAM }}>${children}</a>`;
}

function Footer() {
  const venue = useVenue();
  const style = {
    background: GREEN,
    padding: '20px 32px',
    fontFamily: SANS,
    fontSize: '13px',
    lineHeight: '1.6',
    color: CREAM,
  };
  return html`<tr>
    <td style=${style}>
      <strong style=${{ fontFamily: SERIF, fontSize: '15px' }}>${venue.name}</strong><br />
      <${MultilineText} text=${formatAddressLines(venue.address).join('\n')} /><br />
      <${FooterLink} href=${telephoneHref(venue.phone)}>${venue.phone}<//> · <${FooterLink} href=${`mailto:${venue.email}`}>
        ${venue.email}
      <//>
    </td>
  </tr>`;
}

export interface MailFrame {
  venue: Venue;
  title: string;
  kicker: string;
  /** The line mail clients show after the subject in the inbox. */
  preheader: string;
}

/** The shared frame: a green masthead with a brass rule, a cream page, the pub's details at the foot. */
function MailLayout({ venue, title, kicker, preheader, children }: MailFrame & { children: ReactNode }) {
  const contentStyle = {
    padding: '28px 32px 12px',
    fontFamily: SANS,
    fontSize: '16px',
    lineHeight: '1.55',
    color: INK,
  };
  return html`<${VenueContext.Provider} value=${venue}><html lang="en-GB">
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>${title}</title>
    </head>
    <body style=${{ margin: 0, padding: 0, background: CREAM }}>
      <div style=${{ display: 'none', maxHeight: 0, overflow: 'hidden' }}>${preheader}</div>
      <${LayoutTable} style=${{ background: CREAM }}>
        <tr>
          <td align="center" style=${{ padding: '24px 12px' }}>
            <${LayoutTable} style=${{ maxWidth: '600px', background: '#fffdf7', border: `1px solid ${RULE}` }}>
              <${Masthead} kicker=${kicker} />
              <tr><td style=${contentStyle}>${children}</td></tr>
              <${Footer} />
            <//>
          </td>
        </tr>
      <//>
    </body>
  </html><//>`;
}

export function renderMail(frame: MailFrame, content: ReactNode): string {
  return renderDocument(html`<${MailLayout} ...${frame}>${content}<//>`);
}
