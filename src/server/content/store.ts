import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { contentVersions } from '#db/schema.ts';
import {
  CONTENT_KEYS,
  CONTENT_SCHEMAS,
  type ContentDocument,
  type ContentKey,
  type ContentVersionSummary,
  type SiteContent,
} from '#shared/content/documents.ts';
import { CONTENT_MESSAGES } from '#shared/content/messages.ts';
import { fieldIssues, plainMessage } from '#shared/schema/issues.ts';
import { londonToday } from '#shared/time/london-time.ts';
import { type Actor, recordAudit } from '../audit/trail.ts';
import { isDatabaseUnavailable } from '../lib/database-errors.ts';
import { DomainError, invalidFields, notFound } from '../lib/errors.ts';
import type { TableChanges } from '../lib/table-changes.ts';
import { migrateDocument } from './migrations.ts';
import { retiredDocuments } from './retired-documents.ts';
import { servableDocument } from './servable-document.ts';

function parseDocument<K extends ContentKey>(key: K, document: unknown): ContentDocument<K> {
  const result = CONTENT_SCHEMAS[key].safeParse(document, { error: plainMessage });
  if (!result.success) throw invalidFields(CONTENT_MESSAGES.invalid, fieldIssues(result.error));
  return result.data as ContentDocument<K>;
}

/** Who saved a version, and when (the app's clock, which tests move); `actor` is who the audit trail names. */
export interface SavedBy {
  email: string;
  at: Date;
  actor: Actor;
}

export interface ContentStore {
  /** Every document as it stands now: read from memory, re-read only the ones another save has changed. */
  current(): Promise<SiteContent>;
  latest<K extends ContentKey>(key: K): Promise<{ version: number; document: ContentDocument<K> }>;
  /**
   * Saves `document` as the version after `baseVersion`; refuses when that is no longer the newest. `alongside`
   * runs in the save's transaction (the switch to tables mode places the bookings there); if it throws, nothing
   * is saved.
   */
  save<K extends ContentKey>(
    key: K,
    baseVersion: number,
    document: unknown,
    by: SavedBy,
    alongside?: (tx: Database) => Promise<void>,
  ): Promise<number>;
  versions(key: ContentKey): Promise<ContentVersionSummary[]>;
  /** Saves an older version's document again, as the newest, in the shape the documents have now. */
  restore(key: ContentKey, version: number, by: SavedBy): Promise<number>;
}

const CONTENT_TABLES = ['content_versions'] as const;

/**
 * The content documents of one database. Each process keeps the documents in memory and reads them again
 * when a save is announced by `changes` (any process's; docs/decisions/022-public-reads-from-memory.md);
 * without it, or while announcements cannot be heard, one small query per request checks whether any has a
 * newer version (docs/decisions/012-content-documents-in-the-database.md).
 */
export function createContentStore(db: Database, changes?: TableChanges): ContentStore {
  const cache = new Map<ContentKey, { version: number; document: unknown }>();
  let checked: { stamp: number; content: SiteContent } | undefined;

  async function latestVersions(): Promise<Map<string, number>> {
    const rows = await db
      .select({ key: contentVersions.key, version: sql<number>`max(${contentVersions.version})::int` })
      .from(contentVersions)
      .groupBy(contentVersions.key);
    return new Map(rows.map((row) => [row.key, row.version]));
  }

  async function load(key: ContentKey, version: number): Promise<unknown> {
    const [row] = await db
      .select({ document: contentVersions.document })
      .from(contentVersions)
      .where(and(eq(contentVersions.key, key), eq(contentVersions.version, version)));
    if (!row) throw notFound(CONTENT_MESSAGES.versionNotFound);
    return row.document;
  }

  async function current(): Promise<SiteContent> {
    const stamp = changes?.live ? changes.stamp(CONTENT_TABLES) : undefined;
    if (stamp !== undefined && checked?.stamp === stamp) return checked.content;
    let versions: Map<string, number>;
    try {
      versions = await latestVersions();
    } catch (error) {
      // While the database is away, pages are still served with the documents as last read.
      if (isDatabaseUnavailable(error) && cache.size === CONTENT_KEYS.length) return fromCache();
      throw error;
    }
    const stale = CONTENT_KEYS.filter((key) => cache.get(key)?.version !== versions.get(key));
    await Promise.all(
      stale.map(async (key) => {
        const version = versions.get(key);
        if (version === undefined) throw new Error(`No ${key} document: the content was never seeded`);
        cache.set(key, {
          version,
          document: servableDocument(CONTENT_SCHEMAS[key], await load(key, version)),
        });
      }),
    );
    const content = fromCache();
    if (stamp !== undefined) checked = { stamp, content };
    return content;
  }

  function fromCache(): SiteContent {
    return Object.fromEntries(CONTENT_KEYS.map((key) => [key, cache.get(key)?.document])) as SiteContent;
  }

  async function latest<K extends ContentKey>(key: K) {
    const [row] = await db
      .select({ version: contentVersions.version, document: contentVersions.document })
      .from(contentVersions)
      .where(eq(contentVersions.key, key))
      .orderBy(desc(contentVersions.version))
      .limit(1);
    if (!row) throw new Error(`No ${key} document: the content was never seeded`);
    return { version: row.version, document: row.document as ContentDocument<K> };
  }

  async function insertAfter(
    key: ContentKey,
    baseVersion: number,
    document: unknown,
    by: SavedBy,
    restoredFrom?: number,
    alongside?: (tx: Database) => Promise<void>,
  ) {
    const version = baseVersion + 1;
    await db.transaction(async (tx) => {
      // Inserted only while baseVersion is the newest; two saves from one version: the second inserts nothing.
      const inserted = await tx.execute(sql`
        insert into ${contentVersions} (key, version, document, saved_by, saved_at)
        select ${key}, ${version}, ${JSON.stringify(document)}::jsonb, ${by.email}, ${by.at.toISOString()}::timestamptz
        where (select max(version) from ${contentVersions} where key = ${key}) = ${baseVersion}
        on conflict do nothing
        returning version`);
      if ((inserted as { rows: unknown[] }).rows.length === 0)
        throw new DomainError('conflict', CONTENT_MESSAGES.stale);
      await recordAudit(
        tx,
        {
          actor: by.actor,
          type: restoredFrom === undefined ? 'content.saved' : 'content.restored',
          subject: { type: 'content', id: key },
          summary:
            restoredFrom === undefined
              ? `${key} version ${version}`
              : `${key} version ${restoredFrom} restored as version ${version}`,
          changes: { version: { before: baseVersion, after: version } },
        },
        by.at,
      );
      await alongside?.(tx);
    });
    changes?.changed('content_versions');
    return version;
  }

  return {
    current,
    latest,
    async save(key, baseVersion, document, by, alongside) {
      return insertAfter(key, baseVersion, parseDocument(key, document), by, undefined, alongside);
    },
    async versions(key) {
      const rows = await db
        .select({
          version: contentVersions.version,
          savedBy: contentVersions.savedBy,
          savedAt: contentVersions.savedAt,
        })
        .from(contentVersions)
        .where(eq(contentVersions.key, key))
        .orderBy(desc(contentVersions.version));
      return rows.map((row) => ({ ...row, savedAt: row.savedAt.toISOString() }));
    },
    async restore(key, version, by) {
      const older = await load(key, version);
      const document = parseDocument(
        key,
        migrateDocument(key, older, await retiredDocuments(db), londonToday(by.at)),
      );
      const { version: newest } = await latest(key);
      return insertAfter(key, newest, document, by, version);
    },
  };
}
