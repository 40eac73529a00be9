import { createContext, useContext } from 'react';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '#shared/content/page-data.ts';

const PageDataContext = createContext<Map<string, unknown>>(new Map());

export const PageDataProvider = PageDataContext.Provider;

export function usePageData(): Map<string, unknown> {
  return useContext(PageDataContext);
}

/** The data the server rendered this page with (see `src/server/content/pages.ts`). */
export function pageDataFromDocument(): Map<string, unknown> {
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element?.textContent) return new Map();
  try {
    return new Map(Object.entries(JSON.parse(element.textContent) as PageData));
  } catch {
    return new Map();
  }
}
