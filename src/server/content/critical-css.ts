/**
 * The part of a built stylesheet a page inlines: the rules its server-rendered markup uses, taken in
 * document order (the header, then the hero, then what follows) until the budget is spent, so the first
 * screen paints complete from the HTML alone. The whole stylesheet follows as a cached file linked at the
 * end of the body; it repeats these rules in the same order, so nothing changes when it arrives.
 *
 * Built for Tailwind's output: flat rules (no nesting) inside @layer, @media and @supports blocks.
 */

/** Issue 20: at most 14 KB of CSS inline per page (counted in thousands, to be under it either way). */
export const CRITICAL_CSS_BUDGET_BYTES = 14_000;

interface StyleRule {
  kind: 'rule';
  selector: string;
  body: string;
  /**
   * Changes nothing on the first paint: it applies only while the guest points at, presses or focuses
   * something, or it only times a later change (`transition-colors`). Left to the whole stylesheet.
   */
  deferred: boolean;
  /** Per selector in the list: the classes and the element names it needs on the page to match anything. */
  needs: { classes: string[]; tags: string[] }[];
  cost: number;
}
type CssNode =
  | StyleRule
  | { kind: 'group'; prelude: string; children: CssNode[] }
  | { kind: 'statement'; text: string }
  | { kind: 'at-rule'; name: string; prelude: string; body: string };

/** Where the block opened at `open` closes, skipping strings and escapes. */
function closingBrace(css: string, open: number): number {
  let depth = 0;
  for (let at = open; at < css.length; at++) {
    const char = css[at];
    if (char === '\\') at++;
    else if (char === '"' || char === "'") at = css.indexOf(char, at + 1);
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return at;
  }
  throw new Error('Unbalanced braces in the stylesheet');
}

/** Splits at the top-level commas (not those inside parentheses or brackets). */
function splitList(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (char === '\\') at++;
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(text.slice(start, at));
      start = at + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function unescapeIdentifier(escaped: string): string {
  return escaped.replace(/\\([0-9a-fA-F]{1,6} ?|[^0-9a-fA-F])/g, (_, sequence: string) =>
    /^[0-9a-fA-F]/.test(sequence) ? String.fromCodePoint(Number.parseInt(sequence, 16)) : sequence,
  );
}

/**
 * The parts of form fields Tailwind's reset styles, and the kind of field each belongs to: a page needs
 * them only if it has such a field (see `fieldKinds`).
 */
const FIELD_PARTS: [RegExp, string][] = [
  [/^-webkit-(datetime|date-and-time|calendar)/, 'field:date'],
  [/^-webkit-search/, 'field:search'],
  [/^-webkit-(inner|outer)-spin/, 'field:number'],
  [/^file-selector-button/, 'field:file'],
  [/^placeholder/, 'field:text'],
];

/** The `field:` kinds of an <input> or <textarea> (FIELD_PARTS). */
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

/**
 * The classes and element names one selector needs present to match. Inside `:is()`/`:where()` with a
 * single argument (Tailwind's `group-*`, `space-y-*`) they count too; anything inside `:not()`, `:has()` or
 * a selector list is left out, which can only keep a rule that was not needed.
 */
function needsOf(selector: string): { classes: string[]; tags: string[] } {
  const classes: string[] = [];
  const tags: string[] = [];
  let compoundStart = true;
  for (let at = 0; at < selector.length; at++) {
    const char = selector[at] as string;
    if (char === '\\') {
      at++;
      compoundStart = false;
    } else if (char === '.') {
      const name = /^\.((?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-])+)/.exec(selector.slice(at));
      if (name?.[1]) {
        classes.push(unescapeIdentifier(name[1]));
        at += name[0].length - 1;
      }
      compoundStart = false;
    } else if (char === '[') {
      for (let depth = 0; at < selector.length; at++) {
        if (selector[at] === '\\') at++;
        else if (selector[at] === '[') depth++;
        else if (selector[at] === ']' && --depth === 0) break;
      }
      compoundStart = false;
    } else if (char === '(') {
      const pseudoClass = /:([\w-]+)$/.exec(selector.slice(0, at))?.[1];
      let close = at;
      for (let depth = 0; close < selector.length; close++) {
        if (selector[close] === '\\') close++;
        else if (selector[close] === '(') depth++;
        else if (selector[close] === ')' && --depth === 0) break;
      }
      const argument = selector.slice(at + 1, close);
      if ((pseudoClass === 'is' || pseudoClass === 'where') && splitList(argument).length === 1) {
        const inner = needsOf(argument);
        classes.push(...inner.classes);
        tags.push(...inner.tags);
      }
      at = close;
      compoundStart = false;
    } else if (char === ':' && selector[at + 1] === ':') {
      const pseudoElement = /^::([\w-]+)/.exec(selector.slice(at))?.[1] ?? '';
      const field = FIELD_PARTS.find(([part]) => part.test(pseudoElement))?.[1];
      if (field) tags.push(field);
      at += pseudoElement.length + 1;
      compoundStart = false;
    } else if (/[\s>+~]/.test(char)) {
      compoundStart = true;
    } else if (compoundStart && /[a-zA-Z]/.test(char)) {
      const name = /^[a-zA-Z][\w-]*/.exec(selector.slice(at))?.[0] ?? char;
      tags.push(name.toLowerCase());
      at += name.length - 1;
      compoundStart = false;
    } else {
      compoundStart = false;
    }
  }
  return { classes, tags };
}

const INTERACTION = /:(hover|active|focus|focus-visible|focus-within)\b/;
const TRANSITION_PROPERTY = /^(transition(-[\w-]+)?|--tw-(duration|ease))$/;

function onlySetsTransitions(body: string): boolean {
  return body
    .split(';')
    .filter((declaration) => declaration.trim())
    .every((declaration) => TRANSITION_PROPERTY.test(declaration.slice(0, declaration.indexOf(':')).trim()));
}

function parse(css: string, from = 0, to = css.length): CssNode[] {
  const nodes: CssNode[] = [];
  let start = from;
  for (let at = from; at < to; at++) {
    const char = css[at];
    if (char === '\\') at++;
    else if (char === '"' || char === "'") at = css.indexOf(char, at + 1);
    else if (char === ';') {
      const text = css.slice(start, at).trim();
      if (text) nodes.push({ kind: 'statement', text: `${text};` });
      start = at + 1;
    } else if (char === '{') {
      const prelude = css.slice(start, at).trim();
      const close = closingBrace(css, at);
      const body = css.slice(at + 1, close);
      const atRule = /^@([\w-]+)/.exec(prelude)?.[1];
      if (atRule === 'media' || atRule === 'supports' || atRule === 'layer' || atRule === 'container') {
        nodes.push({ kind: 'group', prelude, children: parse(css, at + 1, close) });
      } else if (atRule) {
        nodes.push({ kind: 'at-rule', name: atRule, prelude, body });
      } else {
        const selectors = splitList(prelude);
        nodes.push({
          kind: 'rule',
          selector: prelude,
          body: withoutRepeats(body),
          deferred: selectors.every((selector) => INTERACTION.test(selector)) || onlySetsTransitions(body),
          needs: selectors.map(needsOf),
          cost: prelude.length + body.length + 2,
        });
      }
      at = close;
      start = close + 1;
    }
  }
  return nodes;
}

function styleRules(nodes: CssNode[], into: StyleRule[] = []): StyleRule[] {
  for (const node of nodes) {
    if (node.kind === 'rule') into.push(node);
    else if (node.kind === 'group') styleRules(node.children, into);
  }
  return into;
}

/** The names of the cascade layers, in the order the stylesheet first names them. */
function layerOrder(nodes: CssNode[]): string[] {
  const names: string[] = [];
  for (const node of nodes) {
    const prelude = node.kind === 'group' ? node.prelude : node.kind === 'statement' ? node.text : '';
    const declared = /^@layer\s+([^{;]+)/.exec(prelude)?.[1];
    for (const name of declared?.split(',') ?? []) if (!names.includes(name.trim())) names.push(name.trim());
  }
  return names;
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
interface PageVocabulary {
  /** Its classes, in the order they first appear. */
  classes: string[];
  /** Its element names, and the `field:` kinds of its form fields. */
  tags: Set<string>;
  /** Every character in it. */
  characters: Set<string>;
  /** The custom properties its inline styles name. */
  customProperties: string[];
}

function vocabularyOf(markup: string): PageVocabulary {
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
    for (const className of decoded.split(/\s+/)) if (className) classes.add(className);
  }
  return {
    classes: [...classes],
    tags,
    characters: new Set(markup),
    customProperties: markup.match(CUSTOM_PROPERTY) ?? [],
  };
}

const CUSTOM_PROPERTY = /--[\w-]+/g;

/** The code point spans of a font face's `unicode-range` (null: every character). */
function unicodeSpans(fontFace: string): [number, number][] | null {
  const range = /unicode-range:([^;]*)/.exec(fontFace)?.[1];
  if (!range) return null;
  return range.split(',').map((part) => {
    const [first = '0', last = first] = part.trim().replace(/^U\+/i, '').split('-');
    return [Number.parseInt(first, 16), Number.parseInt(last, 16)];
  });
}

/**
 * Whether the page shows a character of the font face's range: the browser fetches a face only for such a
 * page, so one for characters the page lacks (the fonts' rarer letters) waits for the whole stylesheet.
 */
function showsAny(spans: [number, number][] | null, characters: Set<string>): boolean {
  if (!spans) return true;
  for (const character of characters) {
    const code = character.codePointAt(0) as number;
    if (spans.some(([first, last]) => code >= first && code <= last)) return true;
  }
  return false;
}

/** A declaration block without the earlier copies of a declaration it repeats word for word. */
function withoutRepeats(body: string): string {
  const declarations = body.split(';');
  return declarations.filter((declaration, at) => !declarations.includes(declaration, at + 1)).join(';');
}

/** A rule that sets custom properties for every element (`:root`, `*, ::before, ::after`): pruned by use. */
function isDeclarationOnly(rule: StyleRule): boolean {
  return rule.needs.every((need) => need.classes.length === 0) && /(^|;)--/.test(rule.body);
}

/** The tree as CSS, each rule or at-rule as `write` gives it (null: left out), empty groups dropped. */
function serialize(
  nodes: CssNode[],
  write: (node: Exclude<CssNode, { kind: 'group' }>) => string | null,
): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'group') {
      const inner = serialize(node.children, write);
      if (inner) out += `${node.prelude}{${inner}}`;
    } else {
      out += write(node) ?? '';
    }
  }
  return out;
}

export interface CriticalCss {
  /** The rules `markup` needs, at most the budget: in full for a short page, its first screen for a long one. */
  forMarkup(markup: string): string;
}

export function criticalCss(stylesheet: string, budget = CRITICAL_CSS_BUDGET_BYTES): CriticalCss {
  const tree = parse(stylesheet.replace(/\/\*[\s\S]*?\*\//g, ''));
  const rules = styleRules(tree);
  const layers = layerOrder(tree);
  const layerStatement = layers.length > 0 ? `@layer ${layers.join(',')};` : '';
  const lowestLayer = layers[0];
  /**
   * Tailwind's custom properties (`@property --tw-shadow {inherits: false; initial-value: …}`), by their
   * initial values. Inline, one rule in the lowest layer gives every element the initial values instead
   * (Tailwind's own fallback for browsers without @property, in a third of the bytes); the registrations
   * come with the whole stylesheet.
   */
  const registered = new Map<string, string>();
  if (lowestLayer) {
    for (const node of tree) {
      if (node.kind !== 'at-rule' || node.name !== 'property' || !/inherits:\s*false/.test(node.body))
        continue;
      const initialValue = /initial-value:([^;]*)/.exec(node.body)?.[1]?.trim() ?? 'initial';
      registered.set(node.prelude.slice('@property'.length).trim(), initialValue);
    }
  }
  const rulesByClass = new Map<string, StyleRule[]>();
  for (const rule of rules) {
    for (const name of new Set(rule.needs.flatMap((need) => need.classes))) {
      rulesByClass.set(name, [...(rulesByClass.get(name) ?? []), rule]);
    }
  }

  /** The selected rules, with the custom properties, @property and @keyframes they use, as CSS. */
  function write(selected: Set<StyleRule>, page: PageVocabulary): string {
    const declared = new Map<string, string>();
    let used = page.customProperties.join(' ');
    for (const rule of selected) {
      if (!isDeclarationOnly(rule)) used += rule.body;
      else
        for (const declaration of rule.body.split(';')) {
          const [, name, value = ''] = /^(--[\w-]+):(.*)$/s.exec(declaration) ?? [];
          if (!name) used += declaration;
          else if (!declared.has(name)) declared.set(name, value);
        }
    }
    const names = new Set<string>();
    const pending: string[] = used.match(CUSTOM_PROPERTY) ?? [];
    for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
      if (names.has(name)) continue;
      names.add(name);
      pending.push(...(declared.get(name)?.match(CUSTOM_PROPERTY) ?? []));
    }
    const usedText = `${used} ${[...names].map((name) => declared.get(name) ?? '').join(' ')}`;
    const initialised = [...registered.keys()].filter((name) => names.has(name));
    const css = serialize(tree, (node) => {
      if (node.kind === 'statement') return node.text.startsWith('@layer') ? null : node.text;
      if (node.kind === 'at-rule') {
        const name = node.prelude.slice(node.name.length + 1).trim();
        if (node.name === 'property' && (!names.has(name) || registered.has(name))) return null;
        if (node.name === 'keyframes' && !new RegExp(`(^|[\\s,:])${name}([\\s,;]|$)`).test(usedText))
          return null;
        if (node.name === 'font-face' && !showsAny(unicodeSpans(node.body), page.characters)) return null;
        return `${node.prelude}{${node.body}}`;
      }
      if (!selected.has(node)) return null;
      if (!isDeclarationOnly(node)) return `${node.selector}{${node.body}}`;
      const body = node.body
        .split(';')
        .filter((declaration) => {
          const name = /^(--[\w-]+):/.exec(declaration)?.[1];
          return name === undefined || (names.has(name) && !registered.has(name));
        })
        .join(';');
      return body ? `${node.selector}{${body}}` : null;
    });
    // Tailwind's fallback values where it gives them: they work unregistered (`0px`, where @property says `0`).
    const initialValues = initialised
      .map((name) => `${name}:${declared.get(name) ?? registered.get(name)}`)
      .join(';');
    const reset = initialValues ? `@layer ${lowestLayer}{*,:before,:after{${initialValues}}}` : '';
    return `${layerStatement}${reset}${css}`;
  }

  /** The rules for the markup's elements, adding classes in document order until `allowance` is spent. */
  function select({ classes, tags }: PageVocabulary, allowance: number): Set<StyleRule> {
    const present = new Set<string>();
    const matches = (rule: StyleRule) =>
      rule.needs.some(
        (need) => need.classes.every((name) => present.has(name)) && need.tags.every((tag) => tags.has(tag)),
      );
    const selected = new Set(
      rules.filter(
        (rule) =>
          !rule.deferred &&
          rule.needs.every((need) => need.classes.length === 0) &&
          (isDeclarationOnly(rule) || matches(rule)),
      ),
    );
    let spent = [...selected].reduce((sum, rule) => sum + rule.cost, 0);
    for (const name of classes) {
      present.add(name);
      const unlocked = (rulesByClass.get(name) ?? []).filter(
        (rule) => !rule.deferred && !selected.has(rule) && matches(rule),
      );
      const cost = unlocked.reduce((sum, rule) => sum + rule.cost, 0);
      if (spent + cost > allowance) break;
      spent += cost;
      for (const rule of unlocked) selected.add(rule);
    }
    return selected;
  }

  /** The same markup vocabulary gives the same CSS: pages of one kind share their answer. */
  const answers = new Map<string, string>();
  const ANSWERS_KEPT = 200;

  return {
    forMarkup(markup) {
      const page = vocabularyOf(markup);
      const key = [page.classes.join(' '), [...page.tags].join(' '), [...page.characters].join('')].join(
        '\n',
      );
      const known = answers.get(key);
      if (known !== undefined) return known;
      const byteLength = (css: string) => Buffer.byteLength(css);
      let css = write(select(page, budget), page);
      // What the rules use (their custom properties, the wrappers around them) is counted after the fact.
      for (let allowance = budget; byteLength(css) > budget && allowance > 0; ) {
        allowance -= byteLength(css) - budget + 256;
        css = write(select(page, allowance), page);
      }
      if (answers.size >= ANSWERS_KEPT) answers.clear();
      answers.set(key, css);
      return css;
    },
  };
}
