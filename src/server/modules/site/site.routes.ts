import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { PROTECTED_PATHS, PUBLIC_PAGES, toCanonicalUrl } from '../../../core/site/public-pages';
import { isProtectedPath, toRequestPath, type SitePages } from './site-pages';

const SHARE_PREFIX = '/share/';

/**
 * Serves the prerendered public site, the app shell for protected routes, robots.txt and
 * sitemap.xml, and answers every other path with HTTP 404 and the '404 Page Not Found' page.
 */
export function siteRoutes(pages: SitePages | null): FastifyPluginAsync {
  return async (app) => {
    const baseUrl = app.config.publicConfig.baseUrl;

    app.get('/robots.txt', async (_req, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send(
          `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /share/\n${PROTECTED_PATHS.map((p) => `Disallow: ${p}\n`).join('')}\nSitemap: ${toCanonicalUrl(baseUrl, '/sitemap.xml')}\n`,
        ),
    );

    app.get('/sitemap.xml', async (_req, reply) => {
      const urls = PUBLIC_PAGES.filter((p) => !p.noindex)
        .map((p) => `  <url><loc>${toCanonicalUrl(baseUrl, p.path)}</loc></url>`)
        .join('\n');
      return reply
        .type('application/xml; charset=utf-8')
        .send(
          `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
        );
    });

    const sendHtml = (reply: FastifyReply, status: number, html: string, noindex = false) => {
      reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      if (noindex) reply.header('x-robots-tag', 'noindex, nofollow');
      return reply.send(html);
    };

    app.setNotFoundHandler(async (req, reply) => {
      const path = toRequestPath(req.url);
      const isPageRequest = (req.method === 'GET' || req.method === 'HEAD') && !path.startsWith('/api/');
      if (!isPageRequest || !pages) {
        return reply.code(404).send({ error: 'NOT_FOUND', message: `No route for ${req.method} ${path}` });
      }
      const page = pages.get(path);
      if (page !== undefined) return sendHtml(reply, 200, page);
      if (isProtectedPath(path)) return sendHtml(reply, 200, pages.appShell, true);
      // Shares arrive with the sharing issue; until then no slug exists.
      if (path.startsWith(SHARE_PREFIX) && path.length > SHARE_PREFIX.length)
        return sendHtml(reply, 404, pages.shareNotFound, true);
      return sendHtml(reply, 404, pages.notFound, true);
    });
  };
}
