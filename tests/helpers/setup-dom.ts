import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A screen that appears after a lazy chunk or a stubbed request can take seconds on a busy CI machine: a
// content editor's first save took over 5 s with both cores busy. A passing wait ends as soon as it holds.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  document.documentElement.style.overflow = '';
});
