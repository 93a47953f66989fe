import { useDeferredValue } from 'react';
import { Link, useParams } from 'wouter';
import { ArrowLeft, ArrowRight, ChevronRight, Clock, Construction, LifeBuoy, Mail } from 'lucide-react';
import { CONTACT_RESPONSE_HOURS } from '../../../core/config/operator';
import {
  POPULAR_ARTICLE_IDS,
  findHelpArticle,
  isComingSoonArticle,
  type HelpArticleRef,
} from '../../../core/site/help-catalogue';
import { PublicLayout } from '../../components/layout/public-layout';
import { ButtonLink } from '../../components/ui/button';
import { Card, Container } from '../../components/ui/card';
import { ComingSoonBadge } from '../../components/ui/coming-soon-badge';
import { loadHelpArticle, useHelpArticle } from '../../content/help-articles';
import { usePublicConfig } from '../../lib/public-config';
import NotFoundPage from '../not-found-page';
import { HELP_CATEGORY_ICONS } from './help-category-icons';

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

function toDisplayDate(isoDate: string): string {
  return DATE_FORMAT.format(new Date(`${isoDate}T00:00:00Z`));
}

/**
 * Loads the article a path names, if any. `lazyPage` calls it before a prerendered /help/{id} page
 * hydrates, so the article renders at once, exactly as the prerender did.
 */
export async function preloadContent(path: string): Promise<void> {
  await loadHelpArticle(path.split('/')[2] ?? '');
}

/**
 * The status line, the one-line "not available yet" notice and the body of one article. Each article is a chunk of its
 * own (the biggest text on the site), loaded on demand. No Suspense boundary of its own on purpose: a
 * nested boundary around a body this big would be streamed out of line by the prerender, with an
 * inline script that the site's Content-Security-Policy blocks.
 */
function ArticleContent({ id }: { id: string }) {
  const entry = useHelpArticle(id);
  if (!entry) return null;
  const Body = entry.body;
  return (
    <>
      <p className="mb-6 text-sm text-muted">
        Last updated <time dateTime={entry.updated}>{toDisplayDate(entry.updated)}</time>
      </p>
      {entry.status === 'coming-soon' && (
        <p
          role="note"
          aria-label="Feature status"
          className="mb-8 flex items-start gap-3 rounded-xl border border-highlight/40 bg-highlight/10 px-4 py-3 text-sm font-medium text-fg"
        >
          <Construction className="mt-0.5 h-5 w-5 shrink-0 text-highlight" aria-hidden="true" />
          {entry.notice}
        </p>
      )}
      <div className="prose-eb">
        <Body />
      </div>
    </>
  );
}

function ArticleLinkList({ articles }: { articles: HelpArticleRef[] }) {
  return (
    <ul className="mt-3 grid gap-1">
      {articles.map((a) => (
        <li key={a.id}>
          <Link
            href={`/help/${a.id}`}
            className="group flex items-start justify-between gap-2 rounded-md px-2 py-1.5 text-sm font-medium text-fg hover:bg-sunken hover:text-accent"
          >
            <span>
              {a.title}
              {isComingSoonArticle(a) && <ComingSoonBadge />}
            </span>
            <ArrowRight className="mt-0.5 h-4 w-4 shrink-0 text-muted group-hover:text-accent" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

export default function HelpArticlePage() {
  const { id: requestedId = '' } = useParams<{ id: string }>();
  // From one article to another, keep showing the current one while the next one's code loads
  // instead of the app-wide spinner. On first render this is `requestedId` itself, so hydration matches.
  const id = useDeferredValue(requestedId);
  const { supportEmail } = usePublicConfig();
  const found = findHelpArticle(id);
  // The server answers 404 with this same page for unknown ids, so hydration matches it exactly.
  if (!found) return <NotFoundPage />;

  const { category, article } = found;
  const Icon = HELP_CATEGORY_ICONS[category.icon];
  const siblings = category.articles.filter((a) => a.id !== article.id);
  const related =
    siblings.length > 0
      ? { title: `More in ${category.title}`, articles: siblings }
      : {
          title: 'Popular articles',
          articles: POPULAR_ARTICLE_IDS.flatMap((pid) => findHelpArticle(pid)?.article ?? []).filter(
            (a) => a.id !== article.id,
          ),
        };

  return (
    <PublicLayout>
      <section className="border-b border-line bg-gradient-to-b from-accent-soft/60 to-bg">
        <Container className="py-10 sm:py-14">
          <nav aria-label="Breadcrumb">
            <ol className="flex flex-wrap items-center gap-1 text-sm text-muted">
              <li className="flex items-center gap-1">
                <Link href="/help" className="rounded-sm font-medium text-accent hover:underline">
                  Help Center
                </Link>
                <ChevronRight className="h-4 w-4" aria-hidden="true" />
              </li>
              <li className="flex items-center gap-1">
                <Link href={`/help#${category.id}`} className="rounded-sm font-medium text-accent hover:underline">
                  {category.title}
                </Link>
                <ChevronRight className="h-4 w-4" aria-hidden="true" />
              </li>
              <li>
                <span aria-current="page">{article.title}</span>
              </li>
            </ol>
          </nav>
          <div className="mt-6 flex items-start gap-4">
            <span className="hidden h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent sm:inline-flex">
              <Icon className="h-6 w-6" aria-hidden="true" />
            </span>
            <div>
              <h1 id="help-article-title" className="text-3xl font-extrabold tracking-tight text-fg sm:text-4xl">
                {article.title}
              </h1>
              <p className="mt-2 text-muted">{category.description}</p>
            </div>
          </div>
        </Container>
      </section>

      <Container className="py-10 sm:py-14">
        <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <article aria-labelledby="help-article-title" className="min-w-0 max-w-3xl">
            <ArticleContent id={article.id} />
            <p className="mt-10 border-t border-line pt-6">
              <Link
                href="/help"
                className="inline-flex items-center gap-1.5 text-sm font-medium text-accent hover:underline"
              >
                <ArrowLeft className="h-4 w-4" aria-hidden="true" />
                Back to the Help Center
              </Link>
            </p>
          </article>

          <aside aria-label="More help" className="grid content-start gap-6">
            <Card className="p-5">
              <h2 className="text-base font-semibold text-fg">Related articles</h2>
              <p className="mt-1 text-xs text-muted">{related.title}</p>
              <ArticleLinkList articles={related.articles} />
            </Card>
            <Card className="bg-accent-soft/40 p-5">
              <div className="flex items-center gap-2">
                <LifeBuoy className="h-5 w-5 text-accent" aria-hidden="true" />
                <h2 className="text-base font-semibold text-fg">Still need help?</h2>
              </div>
              <p className="mt-2 text-sm text-muted">Our support team answers every message.</p>
              <p className="mt-3 text-sm">
                <a
                  className="inline-flex items-center gap-1.5 font-medium break-all text-accent underline-offset-2 hover:underline"
                  href={`mailto:${supportEmail}`}
                >
                  <Mail className="h-4 w-4 shrink-0" aria-hidden="true" />
                  {supportEmail}
                </a>
              </p>
              <p className="mt-1 inline-flex items-center gap-1.5 text-xs text-muted">
                <Clock className="h-3.5 w-3.5" aria-hidden="true" />
                Usually responds within {CONTACT_RESPONSE_HOURS} hours
              </p>
              <ButtonLink href="/contact" size="sm" className="mt-4 w-full">
                Contact support
              </ButtonLink>
            </Card>
          </aside>
        </div>
      </Container>
    </PublicLayout>
  );
}
