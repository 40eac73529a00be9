import { UNSUBSCRIBE_MESSAGES } from '#shared/privacy/unsubscribe.ts';
import { html } from '../lib/html.ts';
import { Paragraph } from '../mail/layout.ts';
import type { LetterPart } from '../mail/messages.ts';

/** The last words of a letter to a guest on the mailing list: how to leave it (issue 19). */
export function unsubscribePart(url: string): LetterPart {
  return {
    html: html`<${Paragraph}>${UNSUBSCRIBE_MESSAGES.emailLine} <a href=${url}>${UNSUBSCRIBE_MESSAGES.emailLink}</a><//>`,
    text: `${UNSUBSCRIBE_MESSAGES.emailLine} ${url}`,
  };
}
