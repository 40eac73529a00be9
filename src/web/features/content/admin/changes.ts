import type { GalleryImage } from '#shared/content/gallery.ts';
import { isUploaded, pictureKey } from '#shared/content/gallery-pictures.ts';

/** Where a field sits in its document: ["sections", "Main: Starters", 0, "pricePence"]. */
type PathSegment = string | number;

/** How an editor's document reads in plain words, for "What will change" and the list of problems. */
export interface ChangeWords {
  /** Plain names of fields by key (`pricePence` → "price"); an empty name leaves the field out of the trail. */
  fields?: Readonly<Record<string, string>>;
  /** How a field's value reads, by key: `pricePence` → "£7.50"; also given `undefined` when the field is left out. */
  values?: Readonly<Record<string, (value: unknown) => string>>;
  /**
   * Fields whose value is an object keyed by name (a menu's sections): a changed key is a rename. Their
   * entries are lists, whose unnamed entries `items` names by the record's key.
   */
  records?: readonly string[];
  /** What an unnamed entry of a list is called, by the list's key (`story` → "paragraph"); lists named here are compared entry by entry. */
  items?: Readonly<Record<string, string>>;
  /** How an entry of a list is named, by the list's key, where no field of its own names it (a sitting: its times). */
  names?: Readonly<Record<string, (entry: never) => string | undefined>>;
  /**
   * Fields holding a picture (`heroPicture`): another picture reads as one change, named by its description;
   * the same picture described otherwise reads as a change of its description.
   */
  pictures?: readonly string[];
}

const SEPARATOR = ' › ';
const NAME_FIELDS = ['name', 'label', 'title', 'date', 'when', 'days'] as const;
const LONGEST_QUOTE = 60;

type Entries = Record<string, unknown>;

function isEntries(value: unknown): value is Entries {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => isEqual(item, b[index]));
  }
  if (isEntries(a) && isEntries(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => isEqual(a[key], b[key]));
  }
  return false;
}

/** What staff call an entry of a list: its name, label, title, date… */
function nameOf(value: unknown): string | undefined {
  if (!isEntries(value)) return undefined;
  for (const field of NAME_FIELDS) {
    const name = value[field];
    if (typeof name === 'string' && name.trim()) return name.trim();
  }
  return undefined;
}

function identityOf(value: unknown): string | undefined {
  return isEntries(value) && typeof value.id === 'string' ? value.id : nameOf(value);
}

function humanize(key: string): string {
  return key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

function quote(text: string): string {
  if (text === '') return 'blank';
  const short = text.length > LONGEST_QUOTE ? `${text.slice(0, LONGEST_QUOTE - 1).trimEnd()}…` : text;
  return `“${short}”`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function fieldWord(key: string, words: ChangeWords): string {
  return words.fields?.[key] ?? humanize(key);
}

function isPicture(value: unknown): value is GalleryImage {
  return isEntries(value) && (typeof value.imageId === 'string' || typeof value.src === 'string');
}

/** A picture as staff know it: an uploaded photo by its description, the artwork the site ships with as such. */
function pictureName(picture: GalleryImage): string {
  return isUploaded(picture) ? quote(picture.alt) : 'the site’s own picture';
}

function entryLabel(value: unknown, index: number, listKey: string | undefined, words: ChangeWords): string {
  const named = listKey ? words.names?.[listKey]?.(value as never) : undefined;
  return named ?? nameOf(value) ?? `${(listKey && words.items?.[listKey]) || 'entry'} ${index + 1}`;
}

function formatValue(value: unknown, key: string | undefined, words: ChangeWords): string {
  const custom = key ? words.values?.[key] : undefined;
  if (custom) return custom(value);
  if (value === undefined || value === null) return 'none';
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    return value.every((item) => !isEntries(item) && !Array.isArray(item))
      ? value.join(', ')
      : `${value.length} entries`;
  }
  if (isEntries(value)) return nameOf(value) ?? 'set';
  return String(value);
}

/** Walks two versions of a document side by side and says, line by line, what differs. */
class ChangeWalk {
  readonly lines: string[] = [];
  private readonly words: ChangeWords;

  constructor(words: ChangeWords) {
    this.words = words;
  }

  private say(trail: readonly string[], what: string) {
    this.lines.push(capitalize(trail.length > 0 ? `${trail.join(SEPARATOR)}: ${what}` : what));
  }

  walk(before: unknown, after: unknown, trail: readonly string[], key: string | undefined) {
    if (isEqual(before, after)) return;
    const { words } = this;
    const custom = key !== undefined && words.values?.[key] !== undefined;
    if (!custom && Array.isArray(before) && Array.isArray(after)) {
      const entryByEntry = key !== undefined && words.items?.[key] !== undefined;
      if (entryByEntry || [...before, ...after].some(isEntries)) {
        this.list(before, after, trail, key);
        return;
      }
    }
    const pictureField = !custom && key !== undefined && words.pictures?.includes(key);
    if (pictureField && isPicture(before) && isPicture(after)) return this.picture(before, after, trail);
    if (!custom && isEntries(before) && isEntries(after)) {
      if (key !== undefined && words.records?.includes(key)) this.record(before, after, trail, key);
      else this.fields(before, after, trail);
      return;
    }
    if (!custom && before === undefined && isEntries(after)) return this.say(trail, 'added');
    if (!custom && isEntries(before) && after === undefined) return this.say(trail, 'removed');
    this.say(trail, `${formatValue(before, key, words)} → ${formatValue(after, key, words)}`);
  }

  private fields(before: Entries, after: Entries, trail: readonly string[]) {
    const keys = new Set([...Object.keys(after), ...Object.keys(before)]);
    for (const key of keys) {
      const word = fieldWord(key, this.words);
      this.walk(before[key], after[key], word ? [...trail, word] : trail, key);
    }
  }

  /** Entries are matched by id or name; those left over are paired by position, so a renamed dish is one change. */
  private list(before: unknown[], after: unknown[], trail: readonly string[], key: string | undefined) {
    const pairs = new Map<number, number>();
    const taken = new Set<number>();
    after.forEach((entry, index) => {
      const identity = identityOf(entry);
      if (identity === undefined) return;
      const match = before.findIndex((old, at) => !taken.has(at) && identityOf(old) === identity);
      if (match >= 0) {
        pairs.set(index, match);
        taken.add(match);
      }
    });
    after.forEach((_, index) => {
      if (!pairs.has(index) && index < before.length && !taken.has(index)) {
        pairs.set(index, index);
        taken.add(index);
      }
    });
    after.forEach((entry, index) => {
      const label = [...trail, entryLabel(entry, index, key, this.words)];
      const match = pairs.get(index);
      if (match === undefined) this.say(label, 'added');
      else this.walk(before[match], entry, label, undefined);
    });
    before.forEach((entry, index) => {
      if (!taken.has(index)) this.say([...trail, entryLabel(entry, index, key, this.words)], 'removed');
    });
    const order = [...pairs.entries()].sort(([a], [b]) => a - b).map(([, match]) => match);
    if (order.some((match, at) => at > 0 && match < (order[at - 1] ?? 0))) this.say(trail, 'order changed');
  }

  private picture(before: GalleryImage, after: GalleryImage, trail: readonly string[]) {
    if (pictureKey(before) === pictureKey(after)) this.fields(before, after, trail);
    else this.say(trail, `${pictureName(before)} → ${pictureName(after)}`);
  }

  /** Entries are matched by key; a key gone and a key new at the same place are a rename. */
  private record(before: Entries, after: Entries, trail: readonly string[], key: string) {
    const beforeKeys = Object.keys(before);
    const afterKeys = Object.keys(after);
    const gone = beforeKeys.filter((name) => !Object.hasOwn(after, name));
    afterKeys.forEach((name, index) => {
      if (Object.hasOwn(before, name)) {
        this.walk(before[name], after[name], [...trail, name], key);
        return;
      }
      const renamedFrom = beforeKeys[index];
      if (renamedFrom !== undefined && gone.includes(renamedFrom)) {
        gone.splice(gone.indexOf(renamedFrom), 1);
        this.say([...trail, name], `renamed from ${renamedFrom}`);
        this.walk(before[renamedFrom], after[name], [...trail, name], key);
      } else {
        this.say([...trail, name], 'added');
      }
    });
    for (const name of gone) this.say([...trail, name], 'removed');
  }
}

/** "Main: Starters › Soup of the Day › price: £6.50 → £7.00", one line per change from `before` to `after`. */
export function describeChanges(before: unknown, after: unknown, words: ChangeWords): string[] {
  const walk = new ChangeWalk(words);
  walk.walk(before, after, [], undefined);
  return walk.lines;
}

/** Where a path points, in the words of "What will change": "Main: Starters › Soup of the Day › price". */
export function plainPath(document: unknown, segments: readonly PathSegment[], words: ChangeWords): string {
  const trail: string[] = [];
  let node: unknown = document;
  let key: string | undefined;
  for (const segment of segments) {
    if (Array.isArray(node)) {
      const index = Number(segment);
      trail.push(entryLabel(node[index], index, key, words));
      node = node[index];
      key = undefined;
    } else if (key !== undefined && words.records?.includes(key)) {
      // The record's key stays: its entries' lists are named by it ("dish 2").
      trail.push(String(segment));
      node = isEntries(node) ? node[segment] : undefined;
    } else {
      const word = fieldWord(String(segment), words);
      if (word) trail.push(word);
      node = isEntries(node) ? node[segment] : undefined;
      key = String(segment);
    }
  }
  return capitalize(trail.join(SEPARATOR)) || 'The whole page';
}
