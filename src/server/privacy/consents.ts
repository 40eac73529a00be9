import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { marketingConsents } from '#db/schema.ts';
import { MARKETING_CONSENT_WORDING, type MarketingConsentSource } from '#shared/privacy/consent.ts';
import { MARKETING_CSV_HEADER } from '#shared/privacy/mailing-list.ts';
import { UNSUBSCRIBE_MESSAGES, unsubscribeUrl } from '#shared/privacy/unsubscribe.ts';
import { GUEST, recordAudit } from '../audit/trail.ts';
import { toCsv } from '../lib/csv.ts';
import { notFound } from '../lib/errors.ts';

/** 256 random bits: the unsubscribe link can be neither guessed nor counted through. */
const TOKEN_BYTES = 32;

const SUBJECT_TYPE = 'marketing-consent';

/** One consent per address, whatever case the guest typed it in. */
const addressKey = (email: string) => email.trim().toLowerCase();

export interface GivenConsent {
  name: string;
  email: string;
  source: MarketingConsentSource;
  /** The booking or order it came with, for the audit trail (never the guest's name or address). */
  reference?: string;
}

/**
 * Records the guest's ticked box, in the transaction of the booking or order it came with: the wording shown and
 * the time. An address that consented before is given the new time and wording and is on the list again; its
 * unsubscribe link stays the same. Answers the unsubscribe link's token.
 */
export async function recordMarketingConsent(
  tx: Database,
  consent: GivenConsent,
  now: Date,
): Promise<string> {
  const given = {
    name: consent.name,
    source: consent.source,
    wording: MARKETING_CONSENT_WORDING,
    givenAt: now,
    withdrawnAt: null,
  };
  const [row] = await tx
    .insert(marketingConsents)
    .values({
      ...given,
      email: addressKey(consent.email),
      unsubscribeToken: randomBytes(TOKEN_BYTES).toString('base64url'),
    })
    .onConflictDoUpdate({ target: marketingConsents.email, set: given })
    .returning({ id: marketingConsents.id, unsubscribeToken: marketingConsents.unsubscribeToken });
  if (!row) throw new Error('The marketing consent was not stored');
  const withWhat = consent.reference ? ` with ${consent.reference}` : '';
  await recordAudit(
    tx,
    {
      actor: GUEST,
      type: 'consent.given',
      subject: { type: SUBJECT_TYPE, id: row.id },
      summary: `News of events and offers: consent given on the ${consent.source} form${withWhat}`,
    },
    now,
  );
  return row.unsubscribeToken;
}

/**
 * The guest's link withdraws their consent: the address leaves the list at once. A second tap changes nothing
 * and is answered the same; a token that names no consent is not found.
 */
export async function withdrawMarketingConsent(db: Database, token: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [withdrawn] = await tx
      .update(marketingConsents)
      .set({ withdrawnAt: now })
      .where(and(eq(marketingConsents.unsubscribeToken, token), isNull(marketingConsents.withdrawnAt)))
      .returning({ id: marketingConsents.id });
    if (withdrawn) {
      await recordAudit(
        tx,
        {
          actor: GUEST,
          type: 'consent.withdrawn',
          subject: { type: SUBJECT_TYPE, id: withdrawn.id },
          summary: 'News of events and offers: consent withdrawn through the unsubscribe link',
        },
        now,
      );
      return;
    }
    const [known] = await tx
      .select({ id: marketingConsents.id })
      .from(marketingConsents)
      .where(eq(marketingConsents.unsubscribeToken, token))
      .limit(1);
    if (!known) throw notFound(UNSUBSCRIBE_MESSAGES.invalidLink);
  });
}

/** The mailing list for managers: every address that consented and has not withdrawn, oldest first. */
export async function marketingListCsv(db: Database, publicUrl: string): Promise<string> {
  const rows = await db
    .select()
    .from(marketingConsents)
    .where(isNull(marketingConsents.withdrawnAt))
    .orderBy(asc(marketingConsents.givenAt), asc(marketingConsents.email));
  return toCsv(
    MARKETING_CSV_HEADER,
    rows.map((row) => [
      row.name,
      row.email,
      row.givenAt.toISOString(),
      row.source,
      row.wording,
      unsubscribeUrl(publicUrl, row.unsubscribeToken),
    ]),
  );
}
