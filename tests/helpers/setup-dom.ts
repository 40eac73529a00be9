import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A screen that appears after a lazy chunk or a stubbed request can take seconds on a busy CI machine.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  document.documentElement.style.overflow = '';
});
