import Fastify, { type FastifyInstance } from 'fastify';
import { type FastifyPluginAsyncZod, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError, type DomainErrorKind } from '../lib/errors.ts';
import { answerError, errorBody, SERVER_FAILURE } from './error-mapper.ts';

const STATUS_OF_KIND: [DomainErrorKind, number][] = [
  ['invalid', 400],
  ['unauthorized', 401],
  ['forbidden', 403],
  ['not-found', 404],
  ['unavailable', 409],
  ['conflict', 409],
  ['key-reused', 422],
  ['too-many-attempts', 429],
  ['provider-failed', 502],
  ['not-configured', 503],
];

const INTERNALS = 'connect ECONNREFUSED postgres://rose:secret@db.internal:5432';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/kind/:kind', { schema: { params: z.object({ kind: z.string() }) } }, async (request) => {
    throw new DomainError(request.params.kind as DomainErrorKind, `a ${request.params.kind} answer`);
  });
  app.get('/with-details', async () => {
    throw new DomainError('conflict', 'Payment has not completed yet.', { state: 'PENDING' });
  });
  app.get('/with-details-declared', { schema: { response: { 409: errorBody } } }, async () => {
    throw new DomainError('conflict', 'Payment has not completed yet.', { state: 'PENDING' });
  });
  app.get('/unknown', async () => {
    throw new Error(INTERNALS);
  });
  const body = z.object({ party: z.object({ adults: z.number({ error: 'Adults must be a number.' }) }) });
  app.post('/prefixed', { schema: { body } }, async () => ({}));
  app.post('/plain', { schema: { body }, config: { plainValidationMessages: true } }, async () => ({}));
  const choices = z.object({ name: z.string(), choices: z.record(z.string(), z.string()) });
  const declared = { body: choices, response: { 200: z.object({}), 400: errorBody } };
  app.post('/declared', { schema: declared }, async () => ({}));
};

describe('the error mapper', () => {
  let app: FastifyInstance;
  const logged: string[] = [];

  beforeAll(async () => {
    app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => logged.push(line) } } });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.setErrorHandler(answerError);
    await app.register(routes);
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(STATUS_OF_KIND)('answers a %s DomainError with %i and its message', async (kind, status) => {
    const response = await app.inject({ method: 'GET', url: `/kind/${kind}` });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error: `a ${kind} answer` });
  });

  it('logs the 5xx it answers, and only those', async () => {
    logged.length = 0;
    await app.inject({ method: 'GET', url: '/kind/not-found' });
    expect(logged).toEqual([]);
    await app.inject({ method: 'GET', url: '/kind/provider-failed' });
    expect(logged).toHaveLength(1);
  });

  it('adds the details of a DomainError, which a declared errorBody leaves out', async () => {
    const answer = await app.inject({ method: 'GET', url: '/with-details' });
    expect(answer.json()).toEqual({ error: 'Payment has not completed yet.', state: 'PENDING' });
    const declared = await app.inject({ method: 'GET', url: '/with-details-declared' });
    expect(declared.json()).toEqual({ error: 'Payment has not completed yet.' });
  });

  it('answers any other error with 500 and the generic text, keeping its details for the log', async () => {
    logged.length = 0;
    const response = await app.inject({ method: 'GET', url: '/unknown' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: SERVER_FAILURE });
    expect(response.body).not.toContain('ECONNREFUSED');
    expect(logged.join('')).toContain(INTERNALS);
  });

  it('answers Fastify’s own refusals with their status and message', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/prefixed',
      headers: { 'content-type': 'application/json' },
      payload: '{"party": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/JSON/);
    const unsupported = await app.inject({
      method: 'POST',
      url: '/prefixed',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'party=1',
    });
    expect(unsupported.statusCode).toBe(415);
    expect(typeof unsupported.json().error).toBe('string');
  });

  it('names the field of a validation error, unless the route’s messages are written for people', async () => {
    const payload = { party: { adults: 'two' } };
    const issues = [{ path: 'party.adults', message: 'Adults must be a number.' }];
    const prefixed = await app.inject({ method: 'POST', url: '/prefixed', payload });
    expect(prefixed.statusCode).toBe(400);
    expect(prefixed.json()).toEqual({ error: 'party.adults: Adults must be a number.', issues });
    const plain = await app.inject({ method: 'POST', url: '/plain', payload });
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toEqual({ error: 'Adults must be a number.', issues });
  });

  it('lists every field a request gets wrong, also where the route declares errorBody', async () => {
    const answer = await app.inject({ method: 'POST', url: '/declared', payload: { choices: 'soup' } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      error: 'name: Invalid input: expected string, received undefined',
      issues: [
        { path: 'name', message: 'Invalid input: expected string, received undefined' },
        { path: 'choices', message: 'Invalid input: expected record, received string' },
      ],
    });
  });
});
