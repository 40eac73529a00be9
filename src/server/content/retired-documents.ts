import { desc, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { contentVersions } from '#db/schema.ts';
import { RETIRED_CONTENT_KEYS } from '#shared/content/documents.ts';
import { migrateDocument, type RetiredDocuments } from './migrations.ts';

/**
 * The newest version of each retired document the database holds, in the last shape it had: what a migration
 * that takes their content builds from, at the upgrade and when an older version is restored.
 */
export async function retiredDocuments(db: Database): Promise<RetiredDocuments> {
  const documents: RetiredDocuments = {};
  for (const key of RETIRED_CONTENT_KEYS) {
    const [row] = await db
      .select({ document: contentVersions.document })
      .from(contentVersions)
      .where(eq(contentVersions.key, key))
      .orderBy(desc(contentVersions.version))
      .limit(1);
    if (row) documents[key] = migrateDocument(key, row.document);
  }
  return documents;
}
