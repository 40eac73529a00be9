import type { z } from 'zod';
import { acceptableText, textRuleOf } from '#shared/schema/fields.ts';

type Issue = z.core.$ZodIssue;
type Container = Record<string, unknown>;

/** Rounds of mending: a key mended in one round has its value checked in the next. */
const MAX_ROUNDS = 4;

/**
 * A stored document as the site serves it. A version saved before the text rule was this strict (issue 26)
 * may have a line too long or a line break where one line belongs: its texts are served mended (cut to their
 * limit, refused characters gone), so the pages and `GET /api/content/:key`, whose answer must fit the schema,
 * keep working. The stored version is untouched: the editor loads it as it is and shows staff each field to
 * correct. A document that breaks its schema in another way is served as stored.
 */
export function servableDocument(schema: z.ZodType, stored: unknown): unknown {
  let document = stored;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const result = schema.safeParse(document);
    if (result.success) return result.data;
    const mended = mendTexts(document, result.error.issues);
    if (mended === undefined) break;
    document = mended;
  }
  return stored;
}

/** The text the issues of the text rule ask for, or undefined when one of them is about something else. */
function mendedText(text: string, issues: readonly Issue[]): string | undefined {
  let mended = text;
  for (const issue of issues) {
    const rule = textRuleOf(issue);
    if (rule) mended = acceptableText(mended, rule);
    else if (issue.code === 'too_big' && issue.origin === 'string')
      mended = mended.slice(0, Number(issue.maximum));
    else return undefined;
  }
  return mended;
}

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

function mendTexts(document: unknown, issues: readonly Issue[]): unknown {
  const copy = structuredClone(document);
  for (const issue of issues) {
    const key = issue.path.at(-1);
    let parent: unknown = copy;
    for (const step of issue.path.slice(0, -1))
      parent = isContainer(parent) ? parent[step as string] : undefined;
    if (!isContainer(parent) || (typeof key !== 'string' && typeof key !== 'number')) return undefined;
    if (issue.code === 'invalid_key') {
      const name = mendedText(String(key), issue.issues);
      if (name === undefined || Object.hasOwn(parent, name)) return undefined;
      // Every key taken out and put back, the one renamed: the sections keep their order.
      for (const [entry, value] of Object.entries(parent)) {
        delete parent[entry];
        parent[entry === key ? name : entry] = value;
      }
      continue;
    }
    const value = parent[key];
    const mended = typeof value === 'string' ? mendedText(value, [issue]) : undefined;
    if (mended === undefined) return undefined;
    parent[key] = mended;
  }
  return copy;
}
