/**
 * The one script a server-rendered page names (`page-renderer.ts` writes its tag, `async`, so no stylesheet
 * holds it up). The page is whole without the app, so the app's modules, listed in the tag's `data-modules`
 * (the entry first, then the page's own chunk), are requested only once the page's first content and its
 * high-priority pictures are on screen: they never take bandwidth or the main thread from the largest
 * paint. They are fetched side by side, and the entry runs, hydrating the page, once they are in and the
 * page's stylesheets have loaded.
 */
const modules = document
  .querySelector<HTMLScriptElement>('script[data-modules]')
  ?.dataset.modules?.split(' ');

/** After the frame being drawn has reached the screen. */
const frameShown = () => new Promise((shown) => requestAnimationFrame(() => setTimeout(shown)));

/**
 * The first contentful paint has been reported, or a frame drawn where browsers do not report it. A page
 * opened in a background tab paints nothing until it is shown, so after a second it starts regardless.
 */
const contentPainted = PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')
  ? new Promise((painted) => {
      setTimeout(painted, 1000);
      new PerformanceObserver(painted).observe({ type: 'largest-contentful-paint', buffered: true });
    })
  : frameShown();

/** The pictures marked as the page's largest paint (`fetchpriority="high"`) are decoded and drawn. */
function heroPicturesShown(): Promise<unknown> {
  const pictures = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
  if (pictures.length === 0) return Promise.resolve();
  return Promise.all(pictures.map((picture) => picture.decode().catch(() => undefined))).then(frameShown);
}

/** The whole document has been parsed (an async script may run before), its stylesheet links included. */
const parsed = new Promise((done) => {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', done, { once: true });
  else done(undefined);
});

function stylesheetsLoaded(): Promise<unknown> {
  const pending = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
    (link) => !link.sheet,
  );
  return Promise.all(
    pending.map(
      (link) =>
        new Promise((settled) => {
          link.addEventListener('load', settled);
          link.addEventListener('error', settled);
        }),
    ),
  );
}

if (modules?.[0]) {
  const entry = modules[0];
  // The first screen is parsed once it is painted; the rest of the document may still be waiting on the
  // stylesheet at the end of the body, which the entry waits for, but the downloads need not.
  contentPainted
    .then(heroPicturesShown)
    .then(() => {
      for (const href of modules)
        document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
      return parsed;
    })
    .then(stylesheetsLoaded)
    .then(() => import(/* @vite-ignore */ entry));
}
