import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { captureLogs, LOG_LEVEL } from '#tests/helpers/log-lines.ts';
import { registerAfterResponse } from './after-response.ts';

describe('work after the response', () => {
  it('answers first, and logs a task that fails rather than leaving its rejection unhandled', async () => {
    const { stream, lines } = captureLogs();
    const app = Fastify({ logger: { level: 'info', stream } });
    registerAfterResponse(app);
    const steps: string[] = [];
    app.get('/chore', async (_request, reply) => {
      app.afterResponse.run(reply, 'the chore', async () => {
        steps.push('task');
        throw new Error('the chore broke');
      });
      steps.push('answer');
      return 'done';
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/chore' })).body).toBe('done');
      await app.afterResponse.settled();
      expect(steps).toEqual(['answer', 'task']);
      const failures = lines.filter((line) => line.level === LOG_LEVEL.error);
      expect(failures.map((line) => line.msg)).toEqual(['the chore failed']);
      expect(failures[0]?.err).toMatchObject({ message: 'the chore broke' });
    } finally {
      await app.close();
    }
  });
});
