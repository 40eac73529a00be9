import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { MANAGE_MESSAGES } from '../../src/shared/manage/messages.ts';

/**
 * Two changes sent at once from the same version: exactly one is saved, the other is refused with the saved
 * booking, and the guest's page then opens on the saved one.
 */
export async function expectExactlyOneChangeSaved(
  answers: LightMyRequestResponse[],
  reopen: () => Promise<LightMyRequestResponse>,
): Promise<void> {
  expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  const won = answers.find((answer) => answer.statusCode === 200)?.json();
  const lost = answers.find((answer) => answer.statusCode === 409)?.json();
  expect(lost).toEqual({ error: MANAGE_MESSAGES.changedSinceOpened, latest: won });
  expect((await reopen()).json()).toEqual(won);
}
