import { expect, vi } from 'vitest';
import { mailInOutboxFolder } from './outbox.ts';
import type { TestApp } from './test-app.ts';

/**
 * Reads the links the app e-mails, each token once: `linkMailedTo` answers the token (the first group of
 * `pattern`) of the newest unused link in the e-mails to `email`, waiting until the sender has written `count`.
 */
export function mailedLinks(t: TestApp) {
  const usedTokens = new Set<string>();
  return async function linkMailedTo(email: string, pattern: RegExp, count = 1): Promise<string> {
    let token = '';
    await vi.waitFor(async () => {
      const mails = (await mailInOutboxFolder(t)).filter((mail) => mail.headers.get('to')?.includes(email));
      expect(mails).toHaveLength(count);
      const tokens = mails.map((mail) => mail.text.match(pattern)?.[1]);
      token = tokens.find((found) => found && !usedTokens.has(found)) ?? '';
      expect(token).not.toBe('');
    });
    usedTokens.add(token);
    return token;
  };
}
