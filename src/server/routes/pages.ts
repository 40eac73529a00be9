import type { FastifyPluginAsync } from 'fastify';
import { SLUG_PATTERN } from '../../shared/event.ts';
import {
  eventNotFoundMeta,
  eventPageMeta,
  eventSlugFromPath,
  notFoundMeta,
  pageMetaFor,
} from '../../shared/page-meta.ts';
import { venue } from '../../shared/venue.ts';
import { findEventBySlug } from '../services/events.ts';
import { loadPageShell } from '../services/page-shell.ts';

/**
 * Every GET outside /api serves the app shell, so deep links and refreshes work; the server fills in
 * the page's meta tags so a shared link previews properly, and answers 404 for paths the site lacks.
 */
export const pageRoutes =
  (webRoot: string): FastifyPluginAsync =>
  async (app) => {
    const shell = loadPageShell(webRoot, app.config.publicUrl, venue.name);

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      if (path === '/api' || path.startsWith('/api/') || !['GET', 'HEAD'].includes(request.method)) {
        return reply.code(404).send({ error: 'Not found' });
      }
      const canonical = `${app.config.publicUrl}${path}`;
      const slug = eventSlugFromPath(path);
      if (slug !== null) {
        const event = SLUG_PATTERN.test(slug) ? await findEventBySlug(app.db, slug) : null;
        return reply
          .code(event ? 200 : 404)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(shell.render(event ? eventPageMeta(event) : eventNotFoundMeta(), canonical));
      }
      const meta = pageMetaFor(path);
      return reply
        .code(meta ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(shell.render(meta ?? notFoundMeta, canonical));
    });
  };
