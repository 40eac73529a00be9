import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { christmasDayOccasionIn, christmasDayOf, setMenuOccasions } from '#shared/christmas/occasion.ts';
import type { SiteContent } from '#shared/content/documents.ts';
import type { GalleryImage } from '#shared/content/gallery.ts';
import { isUploaded } from '#shared/content/gallery-pictures.ts';
import { contentKeysFor, type PageData, pageDataKey, withChristmasMenu } from '#shared/content/page-data.ts';
import {
  christmasManageTokenFromPath,
  eventNotFoundMeta,
  eventPageMeta,
  eventSlugFromPath,
  indexablePaths,
  managedBookingMeta,
  managedChristmasBookingMeta,
  manageTokenFromPath,
  notFoundMeta,
  occasionNotFoundMeta,
  occasionPageMeta,
  occasionSlugFromPath,
  pageMetaFor,
  unsubscribeMeta,
} from '#shared/content/page-meta.ts';
import { hasVariants, srcSet, uploadSrcSet } from '#shared/content/responsive-images.ts';
import {
  SHARE_IMAGE_FILE,
  SHARE_IMAGE_SIZE,
  SITE_SHARE_IMAGE_PATH,
  uploadShareImagePath,
} from '#shared/content/share-image.ts';
import { UPCOMING_EVENTS_DEFAULT_LIMIT, UPCOMING_EVENTS_MAX_LIMIT } from '#shared/events/event.ts';
import { CHRISTMAS_PATH, christmasOccasionPath, occasionPath } from '#shared/occasions/links.ts';
import { occasionDates } from '#shared/occasions/rules.ts';
import { unsubscribeTokenFromPath } from '#shared/privacy/unsubscribe.ts';
import { londonToday } from '#shared/time/london-time.ts';
import { findOwnBooking } from '../booking/guest-manage.ts';
import { findOwnChristmasBooking } from '../christmas/guest-manage.ts';
import { christmasSeasonIn } from '../christmas/season.ts';
import { findEventBySlug, upcomingEventsFromMemory } from '../events/service.ts';
import { prepareAnswer, sendPrepared } from '../http/prepared-answer.ts';
import { allowingInline, type InlineSources } from '../http/security.ts';
import { isDatabaseUnavailable } from '../lib/database-errors.ts';
import { DomainError } from '../lib/errors.ts';
import { occasionPage, publishedOccasions } from '../occasions/listing.ts';
import { occasionDeps } from '../occasions/routes.ts';
import { createPageMemory } from './page-memory.ts';
import { loadPageRenderer, type PageRenderer } from './page-renderer.ts';
import { loadPageShell, type PageContent, type RenderedPage, type ShareImage } from './page-shell.ts';
import {
  eventStructuredData,
  menuStructuredData,
  occasionStructuredData,
  pubStructuredData,
  structuredDataScript,
} from './structured-data.ts';

/**
 * Both fonts (heading and text), preloaded: every page's first screen uses both. Only their core subsets,
 * the characters every page may show; the rest of each font's Latin letters and signs is fetched by the
 * browser only for a page that shows one of them (decision 021).
 */
function fontPreloads(webRoot: string): string {
  let files: string[] = [];
  try {
    files = readdirSync(join(webRoot, 'assets'));
  } catch {
    return '';
  }
  return files
    .filter((file) => /^(fraunces|inter)-latin-core-[\w-]+\.woff2$/.test(file))
    .map((font) => `<link rel="preload" href="/assets/${font}" as="font" type="font/woff2" crossorigin>`)
    .join('\n    ');
}

/**
 * The home page's picture, fetched first with high priority: it is the page's largest paint. A photo is
 * preloaded as the AVIF its <picture> offers, in the width the screen needs (a browser without AVIF skips it).
 */
function heroPreload(picture: GalleryImage): string {
  if (!isUploaded(picture) && !hasVariants(picture.src)) {
    return `<link rel="preload" href="${picture.src}" as="image" fetchpriority="high">`;
  }
  const avifSrcSet = isUploaded(picture)
    ? uploadSrcSet(picture.imageId, picture.width, 'avif')
    : srcSet(picture.src, picture.width, 'avif');
  return `<link rel="preload" as="image" type="image/avif" imagesrcset="${avifSrcSet}" imagesizes="100vw" fetchpriority="high">`;
}

/** A drawing (SVG): social networks and messaging apps show none in a link's preview. */
const DRAWING = /\.svg(?:[?#]|$)/i;

/** A sitemap (sitemaps.org): each URL as XML text, so an "&" in it is written "&amp;". */
/** A guest's own booking as its link finds it, or null for a link that finds none: the page says so (404). */
async function nullIfNotFound<Managed>(lookup: Promise<Managed>): Promise<Managed | null> {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'not-found') return null;
    throw error;
  }
}

function sitemapXml(urls: string[]): string {
  const escapeXmlText = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const entries = urls.map((url) => `  <url><loc>${escapeXmlText(url)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`;
}

/**
 * Every GET outside /api serves the app shell, so deep links and refreshes work; the server fills in
 * the page's meta tags and structured data so a shared link previews properly and search engines read
 * the pub's details, and answers 404 for paths the site lacks.
 */
export const pageRoutes =
  (webRoot: string): FastifyPluginAsync =>
  async (app) => {
    const { publicUrl, imagesDir } = app.config;
    const shell = loadPageShell(webRoot, publicUrl);
    /** Uploaded photos known to have their share image: a photo uploaded before they were made has none. */
    const sharedPhotos = new Set<string>();
    /**
     * The home page picture's share image (share-image.ts): an uploaded photo's own, else the one the build
     * made of the site's own picture.
     */
    const heroShareImage = (hero: GalleryImage): ShareImage => {
      if (!isUploaded(hero)) return { url: SITE_SHARE_IMAGE_PATH, ...SHARE_IMAGE_SIZE, alt: hero.alt };
      if (!sharedPhotos.has(hero.imageId) && existsSync(join(imagesDir, hero.imageId, SHARE_IMAGE_FILE))) {
        sharedPhotos.add(hero.imageId);
      }
      return sharedPhotos.has(hero.imageId)
        ? { url: uploadShareImagePath(hero.imageId), ...SHARE_IMAGE_SIZE, alt: hero.alt }
        : { url: SITE_SHARE_IMAGE_PATH, ...SHARE_IMAGE_SIZE };
    };
    /** A shared link's preview: the page's own picture (an event's cover) unless it is a drawing, else the hero's. */
    const shareImageOf = (pageImage: string | undefined, hero: GalleryImage): ShareImage =>
      pageImage && !DRAWING.test(pageImage) ? { url: pageImage } : heroShareImage(hero);
    const fontLinks = fontPreloads(webRoot);
    // React, the router and the pages (0.1 s, 27 MB) load with the first page asked for, not at start.
    let rendererLoading: Promise<PageRenderer | null> | undefined;
    const pageRenderer = () => {
      rendererLoading ??= loadPageRenderer(webRoot);
      return rendererLoading;
    };
    /** Structured data of the pages that have their own, from the documents as they stand. */
    const pageExtras: Record<string, (content: SiteContent) => string> = {
      '/': (content) =>
        `${heroPreload(content.venue.heroPicture)}\n    ${structuredDataScript(pubStructuredData(publicUrl, content.venue, heroShareImage(content.venue.heroPicture).url))}`,
      '/contact': (content) =>
        structuredDataScript(
          pubStructuredData(publicUrl, content.venue, heroShareImage(content.venue.heroPicture).url),
        ),
      '/menu': (content) => structuredDataScript(menuStructuredData(publicUrl, content.venue, content.menu)),
      '/christmas': (content) => {
        const christmasDay = christmasDayOccasionIn(content.occasions.occasions);
        const today = londonToday(app.clock());
        const dates = occasionDates(christmasDay).filter((date) => date >= today);
        const event = occasionStructuredData(christmasDay, dates, publicUrl, content.venue);
        return event ? structuredDataScript(event) : '';
      },
    };

    const upcomingEventsOf = upcomingEventsFromMemory(app.db, app.tableChanges);

    app.get('/robots.txt', (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send(`User-agent: *\nDisallow: /admin\nDisallow: /api\n\nSitemap: ${publicUrl}/sitemap.xml\n`),
    );

    app.get('/sitemap.xml', async (_request, reply) => {
      const events = await upcomingEventsOf({
        today: londonToday(app.clock()),
        limit: UPCOMING_EVENTS_MAX_LIMIT,
      });
      const content = await app.content.current();
      // Christmas Day's page is among the site's own.
      const occasions = publishedOccasions(setMenuOccasions(content.occasions.occasions), app.clock());
      const paths = [
        ...indexablePaths(),
        ...events.map((event) => `/events/${event.slug}`),
        ...occasions.map((occasion) => occasionPath(occasion.slug)),
      ];
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(sitemapXml(paths.map((path) => `${publicUrl}${path}`)));
    });

    /**
     * The page with its markup rendered on the server (when the build has a renderer), its data, and the
     * content documents it shows (the venue's on every page, for the header and footer).
     */
    async function renderPage(
      request: FastifyRequest,
      page: Omit<PageContent, 'html' | 'siteName' | 'pageData' | 'shareImage'> & {
        pageData?: PageData | undefined;
      },
      pathname: string,
      content: SiteContent,
    ): Promise<RenderedPage> {
      const season = christmasSeasonIn(content);
      const documents = {
        ...Object.fromEntries(
          contentKeysFor(pathname).map((key) => [pageDataKey.content(key), content[key]]),
        ),
        [pageDataKey.christmasDay]: christmasDayOf(season),
        ...(withChristmasMenu(pathname) ? { [pageDataKey.christmasSeason]: season } : {}),
      };
      const pageData = JSON.parse(JSON.stringify({ ...page.pageData, ...documents })) as PageData;
      const siteName = content.venue.name;
      const renderer = await pageRenderer();
      const head = [fontLinks, page.head].filter(Boolean).join('\n    ');
      const stylesheets = renderer?.stylesheets(pathname);
      const shareImage = shareImageOf(page.meta.image, content.venue.heroPicture);
      const shellPage = { ...page, shareImage, siteName, head, pageData, stylesheets };
      try {
        const html = await renderer?.render(request.url, pageData);
        return shell.render({ ...shellPage, html, scripts: renderer?.scripts(pathname) });
      } catch (error) {
        // With nothing to paint first, the page loads its app at once, as the built index.html has it.
        request.log.error({ err: error }, 'server rendering failed; the browser renders the page');
        return shell.render(shellPage);
      }
    }

    /** The answer's policy allows the page's inline critical CSS and boot module. */
    function allowInlineParts(reply: FastifyReply, inline: InlineSources) {
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string') reply.header('content-security-policy', allowingInline(policy, inline));
    }

    /** A page that shows a guest's own data: rendered for each request, and never stored by a cache. */
    function sendPersonalPage(reply: FastifyReply, rendered: RenderedPage, status: number) {
      allowInlineParts(reply, rendered.inline);
      return reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(rendered.html);
    }

    /** A public page's answer, kept in memory unless it says the database could not be reached. */
    const finished = (status: number, rendered: RenderedPage) => ({
      status,
      answer: prepareAnswer(rendered.html, 'text/html; charset=utf-8'),
      inline: rendered.inline,
      keep: status !== 503,
    });

    const upcomingEvents = async (): Promise<PageData> => ({
      [pageDataKey.upcomingEvents]: await upcomingEventsOf({
        today: londonToday(app.clock()),
        limit: UPCOMING_EVENTS_DEFAULT_LIMIT,
      }),
    });
    const pageDataLoaders: Record<string, (request: FastifyRequest) => Promise<PageData>> = {
      '/': upcomingEvents,
      '/events': async () => ({
        ...(await upcomingEvents()),
        [pageDataKey.occasions]: publishedOccasions(
          (await app.content.current()).occasions.occasions,
          app.clock(),
        ),
      }),
      '/bookings': async (request) => {
        const slug = new URLSearchParams(request.url.split('?')[1] ?? '').get('event');
        if (!slug) return {};
        const event = await findEventBySlug(app.db, slug);
        return { [pageDataKey.event(slug)]: event };
      },
    };

    /**
     * The page's data, or undefined while the database cannot be reached: the page is still sent, and the
     * browser asks again (and falls back to the bundled events) instead of the guest meeting an error.
     */
    async function unlessDatabaseIsDown<T>(
      request: FastifyRequest,
      load: () => Promise<T>,
    ): Promise<T | undefined> {
      try {
        return await load();
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        request.log.warn({ err: error }, 'page sent without its data: the database is unavailable');
        return undefined;
      }
    }

    const notFound = (reply: FastifyReply) => reply.code(404).send({ error: 'Not found' });
    app.setNotFoundHandler((_request, reply) => notFound(reply));

    const pageMemory = createPageMemory(app.tableChanges);

    /** The public page at `path`: the same for every guest, so kept finished in memory (issue 34). */
    async function finishPublicPage(request: FastifyRequest, path: string, content: SiteContent) {
      const { venue } = content;
      const canonicalUrl = `${publicUrl}${path}`;
      const render = (page: Parameters<typeof renderPage>[1]) => renderPage(request, page, path, content);
      const slug = eventSlugFromPath(path);
      if (slug !== null) {
        const event = await unlessDatabaseIsDown(request, () => findEventBySlug(app.db, slug));
        if (event === undefined) {
          const meta = pageMetaFor('/events', venue) ?? notFoundMeta(venue);
          return finished(503, await render({ meta, canonicalUrl }));
        }
        const pageData = { [pageDataKey.event(slug)]: event };
        if (!event)
          return finished(404, await render({ meta: eventNotFoundMeta(venue), canonicalUrl, pageData }));
        const head = structuredDataScript(eventStructuredData(event, publicUrl, venue));
        return finished(
          200,
          await render({ meta: eventPageMeta(event, venue), canonicalUrl, head, pageData }),
        );
      }
      const occasionSlug = occasionSlugFromPath(path);
      if (occasionSlug !== null) {
        const found = await unlessDatabaseIsDown(request, async () =>
          nullIfNotFound(occasionPage(await occasionDeps(app), occasionSlug)),
        );
        if (found === undefined) {
          const meta = pageMetaFor('/events', venue) ?? notFoundMeta(venue);
          return finished(503, await render({ meta, canonicalUrl }));
        }
        const pageData = { [pageDataKey.occasion(occasionSlug)]: found };
        if (!found) {
          return finished(404, await render({ meta: occasionNotFoundMeta(venue), canonicalUrl, pageData }));
        }
        const event = occasionStructuredData(
          found.occasion,
          found.dates.map((day) => day.date),
          publicUrl,
          venue,
        );
        const head = event ? structuredDataScript(event) : undefined;
        const meta = occasionPageMeta(found.occasion, venue);
        return finished(200, await render({ meta, canonicalUrl, head, pageData }));
      }
      const meta = pageMetaFor(path, venue);
      if (!meta) return finished(404, await render({ meta: notFoundMeta(venue), canonicalUrl }));
      const key = path.length > 1 ? path.replace(/\/+$/, '') : path;
      const loader = pageDataLoaders[key];
      const pageData = loader && (await unlessDatabaseIsDown(request, () => loader(request)));
      const head = pageExtras[key]?.(content);
      const page = finished(200, await render({ meta, canonicalUrl, head, pageData }));
      // Sent without its data while the database is down (the browser asks again): not one to keep.
      return loader && pageData === undefined ? { ...page, keep: false } : page;
    }

    // A route rather than the not-found handler, so the page goes through the compression hook.
    app.get('/*', async (request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      if (path === '/api' || path.startsWith('/api/')) return notFound(reply);
      // Christmas Day is one of the occasions, sold on its own page.
      if (path.replace(/\/+$/, '') === christmasOccasionPath) return reply.redirect(CHRISTMAS_PATH, 301);
      const canonicalUrl = `${publicUrl}${path}`;
      const content = await app.content.current();
      const { venue } = content;
      const token = manageTokenFromPath(path);
      if (token !== null) {
        const managed = await nullIfNotFound(findOwnBooking(app.db, token, app.clock()));
        const pageData = { [pageDataKey.managedBooking(token)]: managed };
        const meta = managedBookingMeta(venue, managed !== null);
        const rendered = await renderPage(request, { meta, canonicalUrl, pageData }, path, content);
        return sendPersonalPage(reply, rendered, managed ? 200 : 404);
      }
      const christmasToken = christmasManageTokenFromPath(path);
      if (christmasToken !== null) {
        const season = christmasSeasonIn(content);
        const managed = await nullIfNotFound(
          findOwnChristmasBooking(app.db, christmasToken, { season, now: app.clock() }),
        );
        const pageData = { [pageDataKey.managedChristmasBooking(christmasToken)]: managed };
        const meta = managedChristmasBookingMeta(venue, managed !== null);
        const rendered = await renderPage(request, { meta, canonicalUrl, pageData }, path, content);
        return sendPersonalPage(reply, rendered, managed ? 200 : 404);
      }
      if (unsubscribeTokenFromPath(path) !== null) {
        // The token withdraws a guest's consent.
        const rendered = await renderPage(
          request,
          { meta: unsubscribeMeta(venue), canonicalUrl },
          path,
          content,
        );
        return sendPersonalPage(reply, rendered, 200);
      }
      const page = await pageMemory.page(request.url, app.clock(), content, () =>
        finishPublicPage(request, path, content),
      );
      allowInlineParts(reply, page.inline);
      reply.code(page.status).header('cache-control', page.status === 503 ? 'no-store' : 'no-cache');
      return sendPrepared(request, reply, page.answer);
    });
  };
