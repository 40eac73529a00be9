/** What of a page's markup decides its critical CSS: its classes, elements and custom properties. */

/** The `field:` kinds of an <input> or <textarea>, as a stylesheet's `FIELD_PARTS` name them. */
function fieldKinds(tag: string, attributes: string): string[] {
  if (tag === 'textarea') return ['field:text'];
  if (tag !== 'input') return [];
  const type = /\stype="([^"]*)"/.exec(attributes)?.[1] ?? 'text';
  const kinds = ['field:text'];
  if (/^(date|time|datetime-local|month|week)$/.test(type) || /\slist="/.test(attributes))
    kinds.push('field:date');
  if (type === 'search' || type === 'number' || type === 'file') kinds.push(`field:${type}`);
  return kinds;
}

const ALWAYS_PRESENT_TAGS = ['html', 'head', 'body'];
const HTML_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#x27': "'",
  '#39': "'",
};

/** What of a page's markup decides its critical CSS. */
export interface PageVocabulary {
  /**
   * Its classes, in the order they first appear; those of an element fixed to the screen (Tailwind's `fixed`)
   * first of all, since it shows on the first screen wherever it stands in the markup (a note over a form
   * far down the page): styled only by the whole stylesheet, it would jump into view when that arrives.
   */
  classes: string[];
  /** Its element names, and the `field:` kinds of its form fields. */
  tags: Set<string>;
  /** The custom properties its inline styles name. */
  customProperties: string[];
}

export function vocabularyOf(markup: string): PageVocabulary {
  const onScreen = new Set<string>();
  const classes = new Set<string>();
  const tags = new Set(ALWAYS_PRESENT_TAGS);
  for (const [, tag, attributes = ''] of markup.matchAll(/<([a-zA-Z][\w-]*)([^>]*)>/g)) {
    const name = (tag as string).toLowerCase();
    tags.add(name);
    for (const kind of fieldKinds(name, attributes)) tags.add(kind);
    const value = /\sclass="([^"]*)"/.exec(attributes)?.[1];
    if (!value) continue;
    const decoded = value.replace(
      /&(amp|lt|gt|quot|#x27|#39);/g,
      (_, entity: string) => HTML_ENTITIES[entity] ?? '',
    );
    const names = decoded.split(/\s+/).filter(Boolean);
    const first = names.includes('fixed') ? onScreen : classes;
    for (const className of names) first.add(className);
  }
  return {
    classes: [...new Set([...onScreen, ...classes])],
    tags,
    customProperties: markup.match(CUSTOM_PROPERTY) ?? [],
  };
}

export const CUSTOM_PROPERTY = /--[\w-]+/g;
