import type { Plugin } from 'vite';

/** The statement of react-hook-form's `useForm` that renders a form again once it is in the page, to mark it ready. */
export const FORM_READY_RENDER = /updateFormState\(\(data\) => \(\{\s*\.\.\.data,\s*isReady: true,\s*\}\)\);/;

/** react-hook-form's module, as Vite and Vitest resolve it (the dev server adds a version query). */
const REACT_HOOK_FORM = /[\\/]react-hook-form[\\/]dist[\\/]index\.esm\.mjs(\?.*)?$/;

/** react-hook-form's module without the render that marks a form ready (decision 053). */
export function withoutFormReadyRender(code: string): string {
  if (!FORM_READY_RENDER.test(code)) {
    throw new Error('react-hook-form no longer marks a form ready as form-ready-without-render.ts expects');
  }
  return code.replace(FORM_READY_RENDER, '');
}

/**
 * react-hook-form's `useForm` marks its form ready with a state update in a layout effect, which React renders
 * synchronously: once a server-rendered form is hydrated, the whole form renders and commits again in one task
 * the browser cannot interrupt (on /christmas, about 58 ms on this host and four times that on the audit's
 * phone), for a flag none of our forms reads. The library then sets the flag on its state and announces it to
 * its subscribers, which is kept: a component that reads `formState.isReady` is subscribed to it, and still
 * renders when it changes.
 */
export function formReadyWithoutRender(): Plugin {
  return {
    name: 'form-ready-without-render',
    enforce: 'pre',
    transform(code, id) {
      return REACT_HOOK_FORM.test(id) ? { code: withoutFormReadyRender(code), map: null } : null;
    },
  };
}
