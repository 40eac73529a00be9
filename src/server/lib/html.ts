import htm from 'htm';
import { createElement, Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/**
 * HTML written as tagged templates that build React elements (Node runs our .ts without a JSX transform):
 * every interpolated value is escaped when rendered. A component is a plain function, used as
 * html`<${DetailsTable} rows=${rows} />`. See docs/decisions/007-server-html-with-htm.md.
 */
export const html = htm.bind(createElement);

/** A whole HTML document: React writes no doctype of its own. */
export function renderDocument(root: ReactNode): string {
  return `<!doctype html>\n${renderToStaticMarkup(root)}`;
}

/** Text as typed, its line breaks kept as <br>. */
export function MultilineText({ text }: { text: string }): ReactNode {
  return text
    .split(/\r?\n/)
    .map((line, index) => html`<${Fragment} key=${index}>${index > 0 && html`<br />`}${line}<//>`);
}

/** JSON safe inside a script element: "<" can never close or confuse it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
