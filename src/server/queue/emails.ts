import type { SendMailOptions } from 'nodemailer';
import type { Venue } from '#shared/content/schemas.ts';
import { QUEUE_MESSAGES } from '#shared/queue/messages.ts';
import { guestLetter, paragraphPart } from '../mail/messages.ts';
import type { SmsOutboxMessage } from '../mail/sms.ts';

/** "Your table is ready", by e-mail: the queue's words, signed by the pub as it stands. */
export function tableReadyEmail(venue: Venue, party: { name: string; email: string }): SendMailOptions {
  const text = QUEUE_MESSAGES.readyText(party.name, venue.name);
  return guestLetter(venue, party, {
    subject: QUEUE_MESSAGES.readySubject(venue.name),
    kicker: QUEUE_MESSAGES.readyKicker,
    preheader: text,
    title: QUEUE_MESSAGES.readyTitle,
    parts: [paragraphPart(text)],
    signOff: QUEUE_MESSAGES.readySignOff,
  });
}

/** "Your table is ready", by text message: the same words. */
export function tableReadySms(venue: Venue, party: { name: string; phone: string }): SmsOutboxMessage {
  return { sms: { to: party.phone, body: QUEUE_MESSAGES.readyText(party.name, venue.name) } };
}
