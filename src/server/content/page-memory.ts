import type { SiteContent } from '#shared/content/documents.ts';
import type { PreparedAnswer } from '../http/prepared-answer.ts';
import type { InlineSources } from '../http/security.ts';
import type { TableChanges, WatchedTable } from '../lib/table-changes.ts';

/** A public page as the server last finished it: its status, its answer and its inline parts' hashes. */
export interface FinishedPage {
  status: number;
  answer: PreparedAnswer;
  /** The hashes of its inline critical CSS and boot module, for the answer's content security policy. */
  inline: InlineSources;
}

/**
 * What a public page can show: the content documents, the events, an occasion's seats and closed sittings.
 * A page is finished again after any of them changes, in this process or another (their triggers announce it).
 */
export const PAGE_TABLES: readonly WatchedTable[] = [
  'content_versions',
  'events',
  'occasion_bookings',
  'occasion_closures',
];

/**
 * Pages also show the time: a countdown, "today", whether an occasion still sells online, holds that lapse.
 * A finished page serves for at most this long; an unchanged page keeps its ETag, so a browser's
 * revalidation is still a 304.
 */
export const PAGE_FRESH_MS = 10_000;

/**
 * Every public page and its events' and occasions' pages, several times over (a page with its brotli and
 * gzip bodies is about 60 KB); past it the least recently asked is dropped.
 */
export const PAGE_MEMORY_BYTES = 8 * 1024 * 1024;

export interface PageMemory {
  /**
   * The page at `url` from memory while nothing it shows has changed, else finished by `finish` (once, however
   * many ask at that moment); `finish`'s answer is kept unless it returns `keep: false`.
   */
  page(
    url: string,
    now: Date,
    content: SiteContent,
    finish: () => Promise<FinishedPage & { keep: boolean }>,
  ): Promise<FinishedPage>;
  /** The bytes held: every kept page's body and compressed bodies. */
  heldBytes(): number;
}

interface Entry {
  generation: string;
  page: Promise<FinishedPage & { keep: boolean }>;
  bytes: number;
}

/**
 * Public pages kept finished in memory (issue 34), keyed by their address and valid for one generation: the
 * content documents' identity, the stamp of PAGE_TABLES and the time's PAGE_FRESH_MS window. While changes
 * cannot be heard (the listening connection is down) every page is finished per request. Pages that show a
 * guest's own data are never asked of it (pages.ts).
 */
export function createPageMemory(changes: TableChanges, maxBytes = PAGE_MEMORY_BYTES): PageMemory {
  const entries = new Map<string, Entry>();
  const contentIds = new WeakMap<SiteContent, number>();
  let nextContentId = 0;
  let heldBytes = 0;

  const contentId = (content: SiteContent) => {
    let id = contentIds.get(content);
    if (id === undefined) {
      id = nextContentId++;
      contentIds.set(content, id);
    }
    return id;
  };

  const forget = (url: string, entry: Entry) => {
    if (entries.get(url) !== entry) return;
    entries.delete(url);
    heldBytes -= entry.bytes;
  };

  const remember = (url: string, entry: Entry, answer: PreparedAnswer) => {
    if (entries.get(url) !== entry) return;
    // The compressed bodies are made when first asked for: counted as the most they can add.
    entry.bytes = answer.body.length * 2;
    heldBytes += entry.bytes;
    for (const [oldest, older] of entries) {
      if (heldBytes <= maxBytes) break;
      forget(oldest, older);
    }
  };

  return {
    heldBytes: () => heldBytes,
    async page(url, now, content, finish) {
      if (!changes.live) return finish();
      const generation = `${contentId(content)} ${changes.stamp(PAGE_TABLES)} ${Math.floor(now.getTime() / PAGE_FRESH_MS)}`;
      const known = entries.get(url);
      if (known?.generation === generation) {
        // The most recently asked last: the first in the map is the first to go.
        entries.delete(url);
        entries.set(url, known);
        return known.page;
      }
      if (known) forget(url, known);
      const entry: Entry = { generation, page: finish(), bytes: 0 };
      entries.set(url, entry);
      try {
        const finished = await entry.page;
        if (finished.keep) remember(url, entry, finished.answer);
        else forget(url, entry);
        return finished;
      } catch (error) {
        forget(url, entry);
        throw error;
      }
    },
  };
}
