/**
 * The part of a built stylesheet a page inlines: the rules its server-rendered markup uses, taken in
 * document order (the header, then the hero, then what follows) until the budget is spent, so the first
 * screen paints complete from the HTML alone. The whole stylesheet follows as a cached file linked at the
 * end of the body; it repeats these rules in the same order, so nothing changes when it arrives. Every font
 * face is inlined, whether the page shows its characters or not: the linked copy goes without them
 * (`font-faces.ts`), and a face costs no download until a character of its range is shown.
 */

import { CUSTOM_PROPERTY, type PageVocabulary, vocabularyOf } from './page-vocabulary.ts';
import {
  isDeclarationOnly,
  layerOrder,
  parseStylesheet,
  type StyleRule,
  serialize,
  styleRules,
} from './stylesheet-tree.ts';

/** Issue 20: at most 14 KB of CSS inline per page (counted in thousands, to be under it either way). */
export const CRITICAL_CSS_BUDGET_BYTES = 14_000;
/** How near the search for what fits the budget comes to it, in bytes of rules. */
const ALLOWANCE_STEP = 64;

export interface CriticalCss {
  /** The rules `markup` needs, at most the budget: in full for a short page, its first screen for a long one. */
  forMarkup(markup: string): string;
}

export function criticalCss(stylesheet: string, budget = CRITICAL_CSS_BUDGET_BYTES): CriticalCss {
  const tree = parseStylesheet(stylesheet.replace(/\/\*[\s\S]*?\*\//g, ''));
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
  const everyRuleCost = rules.reduce((sum, rule) => sum + rule.cost, 0);
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
      const key = [page.classes.join(' '), [...page.tags].join(' '), page.customProperties.join(' ')].join(
        '\n',
      );
      const known = answers.get(key);
      if (known !== undefined) return known;
      // What the rules use (their custom properties, the wrappers around them) is only counted once written,
      // and a rule's own cost counts what two rules may share: the largest allowance whose CSS is within the
      // budget is searched for (a larger allowance only adds rules).
      const within = (allowance: number) => {
        const written = write(select(page, allowance), page);
        return Buffer.byteLength(written) <= budget ? written : null;
      };
      let css = within(everyRuleCost);
      if (css === null) {
        css = within(0) ?? '';
        for (let fits = 0, over = everyRuleCost; over - fits > ALLOWANCE_STEP; ) {
          const allowance = Math.floor((fits + over) / 2);
          const written = within(allowance);
          if (written === null) over = allowance;
          else [fits, css] = [allowance, written];
        }
      }
      if (answers.size >= ANSWERS_KEPT) answers.clear();
      answers.set(key, css);
      return css;
    },
  };
}
