import { vi } from 'vitest';
import type { ContentDocument, ContentKey, ContentVersionSummary } from '#shared/content/documents.ts';
import { CONTENT_MESSAGES } from '#shared/content/messages.ts';
import type { StaffRole } from '#shared/staff/roles.ts';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { signedInAs } from '#tests/helpers/signed-in-staff.ts';

export const STAFF_EMAIL = 'landlord@pub.example';

export interface SentRequest {
  method: string;
  url: string;
  body?: unknown;
}

interface StoredVersion extends ContentVersionSummary {
  document: unknown;
}

/**
 * A fake of the content API for the editors' tests: each document starts at its seed as version 1 and keeps
 * every version saved; a save from an old version is refused with 409 as the server does. `answerSave`
 * replaces the answer to the next saves (a 400 with issues); `saveElsewhere` is another member of staff saving.
 */
export function stubContentApi(options: { answerSave?: () => Response; role?: StaffRole } = {}) {
  const versions = new Map<string, StoredVersion[]>(
    Object.entries(seedContent).map(([key, document]) => [
      key,
      [
        {
          version: 1,
          savedBy: null,
          savedAt: '2026-11-01T09:00:00.000Z',
          document: structuredClone(document),
        },
      ],
    ]),
  );
  const sent: SentRequest[] = [];
  const newest = (key: string) => versions.get(key)?.at(-1) as StoredVersion;
  const saveVersion = (key: string, document: unknown, savedBy: string | null) => {
    const version = newest(key).version + 1;
    versions.get(key)?.push({ version, savedBy, savedAt: '2026-11-22T12:00:00.000Z', document });
    return version;
  };

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ method, url, body });
      if (url === '/api/auth/me') {
        return Response.json({ ...signedInAs(options.role ?? 'owner'), email: STAFF_EMAIL });
      }
      const published = /^\/api\/content\/([\w-]+)$/.exec(url)?.[1];
      if (published && versions.has(published)) return Response.json(newest(published).document);
      const [, key = '', rest = ''] = /^\/api\/admin\/content\/([\w-]+)(\/.*)?$/.exec(url) ?? [];
      if (!versions.has(key)) return Response.json({ error: 'Not found' }, { status: 404 });
      if (rest === '' && method === 'GET') {
        const { version, document } = newest(key);
        return Response.json({ version, document });
      }
      if (rest === '' && method === 'PUT') {
        if (options.answerSave) return options.answerSave();
        if (body.baseVersion !== newest(key).version) {
          return Response.json(
            {
              error: CONTENT_MESSAGES.stale,
            },
            { status: 409 },
          );
        }
        return Response.json({ version: saveVersion(key, body.document, STAFF_EMAIL) });
      }
      if (rest === '/versions' && method === 'GET') {
        const list = [...(versions.get(key) ?? [])].reverse();
        return Response.json(list.map(({ version, savedBy, savedAt }) => ({ version, savedBy, savedAt })));
      }
      const restore = /^\/versions\/(\d+)\/restore$/.exec(rest);
      if (restore && method === 'POST') {
        const old = versions.get(key)?.find((entry) => entry.version === Number(restore[1]));
        if (!old) return Response.json({ error: 'There is no such version.' }, { status: 404 });
        return Response.json({ version: saveVersion(key, structuredClone(old.document), STAFF_EMAIL) });
      }
      return Response.json({ error: 'Not found' }, { status: 404 });
    }),
  );

  return {
    sent,
    /** The requests that saved a document. */
    saves: () => sent.filter((request) => request.method === 'PUT'),
    newest: (key: ContentKey) => newest(key),
    /** The document the last save sent, as the editor of `key` keeps it. */
    savedDocument: <K extends ContentKey>(key: K): ContentDocument<K> => {
      const saved = sent
        .filter((request) => request.method === 'PUT' && request.url.endsWith(`/${key}`))
        .at(-1);
      if (!saved) throw new Error('Nothing was saved');
      return (saved.body as { document: ContentDocument<K> }).document;
    },
    /** Another member of staff saves a change; `by` null is the site's own (an upgrade's content migration). */
    saveElsewhere: <K extends ContentKey>(
      key: K,
      change: (document: ContentDocument<K>) => void,
      by: string | null = 'cook@pub.example',
    ) => {
      const document = structuredClone(newest(key).document) as ContentDocument<K>;
      change(document);
      saveVersion(key, document, by);
    },
  };
}
