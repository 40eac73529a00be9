/**
 * A built stylesheet as a tree: its rules, each with what it needs on a page to match anything, and the tree
 * written back as CSS. Built for Tailwind's output: flat rules (no nesting) inside @layer, @media and @supports
 * blocks.
 */

export interface StyleRule {
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
export type CssNode =
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
 * them only if it has such a field (see `fieldKinds` in page-vocabulary.ts).
 */
const FIELD_PARTS: [RegExp, string][] = [
  [/^-webkit-(datetime|date-and-time|calendar)/, 'field:date'],
  [/^-webkit-search/, 'field:search'],
  [/^-webkit-(inner|outer)-spin/, 'field:number'],
  [/^file-selector-button/, 'field:file'],
  [/^placeholder/, 'field:text'],
];

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

export function parseStylesheet(css: string, from = 0, to = css.length): CssNode[] {
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
        nodes.push({ kind: 'group', prelude, children: parseStylesheet(css, at + 1, close) });
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

export function styleRules(nodes: CssNode[], into: StyleRule[] = []): StyleRule[] {
  for (const node of nodes) {
    if (node.kind === 'rule') into.push(node);
    else if (node.kind === 'group') styleRules(node.children, into);
  }
  return into;
}

/** The names of the cascade layers, in the order the stylesheet first names them. */
export function layerOrder(nodes: CssNode[]): string[] {
  const names: string[] = [];
  for (const node of nodes) {
    const prelude = node.kind === 'group' ? node.prelude : node.kind === 'statement' ? node.text : '';
    const declared = /^@layer\s+([^{;]+)/.exec(prelude)?.[1];
    for (const name of declared?.split(',') ?? []) if (!names.includes(name.trim())) names.push(name.trim());
  }
  return names;
}

/** A declaration block without the earlier copies of a declaration it repeats word for word. */
function withoutRepeats(body: string): string {
  const declarations = body.split(';');
  return declarations.filter((declaration, at) => !declarations.includes(declaration, at + 1)).join(';');
}

/** A rule that sets custom properties for every element (`:root`, `*, ::before, ::after`): pruned by use. */
export function isDeclarationOnly(rule: StyleRule): boolean {
  return rule.needs.every((need) => need.classes.length === 0) && /(^|;)--/.test(rule.body);
}

/** The tree as CSS, each rule or at-rule as `write` gives it (null: left out), empty groups dropped. */
export function serialize(
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
