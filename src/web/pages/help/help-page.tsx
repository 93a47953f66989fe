import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { ArrowRight, Clock, Info, LifeBuoy, Mail, SearchX } from 'lucide-react';
import {
  HELP_CATEGORIES,
  POPULAR_ARTICLE_IDS,
  isComingSoonArticle,
  filterHelpCategories,
  findHelpArticle,
  type HelpCategory,
} from '../../../core/site/help-catalogue';
import { PageHero, PublicLayout } from '../../components/layout/public-layout';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card, Container, SectionHeading } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { CONTACT_RESPONSE_HOURS } from '../../../core/config/operator';
import { ComingSoonBadge } from '../../components/ui/coming-soon-badge';
import { usePublicConfig } from '../../lib/public-config';
import { HELP_CATEGORY_ICONS } from './help-category-icons';

const HEADER_LINKS = [
  { href: '/features', label: 'Features' },
  { href: '/pricing', label: 'Pricing' },
  { href: '/brokers', label: 'Supported brokers' },
  { href: '/contact', label: 'Contact' },
] as const;

const QUICK_START = [
  {
    title: 'Import your trades',
    text: 'Upload a broker file (CSV with any delimiter, TSV, .xlsx or .xls). Executions are grouped into trades for you.',
    articleId: 'csv-import',
  },
  {
    title: 'Set up your strategies',
    text: 'Give each trade a strategy in its trade dialog and compare strategies side by side in Analytics.',
    articleId: 'strategy-performance',
  },
  {
    title: 'Analyze your performance',
    text: 'Read your results in R-multiples, expectancy, drawdown and heatmaps, and stress-test them with Monte Carlo.',
    articleId: 'r-multiple',
  },
  {
    title: 'Set smart goals',
    text: 'Goals that track themselves from your trades are coming; until then, the dashboard shows your results by period.',
    articleId: 'goal-creation',
  },
] as const;

const POPULAR_ARTICLES = POPULAR_ARTICLE_IDS.flatMap((id) => {
  const found = findHelpArticle(id);
  return found ? [found] : [];
});

function CategoryCard({ category }: { category: HelpCategory }) {
  const Icon = HELP_CATEGORY_ICONS[category.icon];
  const headingId = `help-category-${category.id}`;
  return (
    <Card className="flex h-full scroll-mt-24 flex-col" id={category.id} aria-labelledby={headingId} role="region">
      <div className="flex items-start gap-3">
        <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent">
          <Icon className="h-5 w-5" aria-hidden="true" />
        </span>
        <div>
          <h3 id={headingId} className="text-lg font-semibold text-fg">
            {category.title}
            {category.articles.every(isComingSoonArticle) && <ComingSoonBadge />}
          </h3>
          <p className="mt-1 text-sm text-muted">{category.description}</p>
        </div>
      </div>
      <ul className="mt-5 grid gap-1 border-t border-line pt-4">
        {category.articles.map((article) => (
          <li key={article.id}>
            <Link
              href={`/help/${article.id}`}
              className="group flex items-center justify-between gap-3 rounded-md px-2 py-1.5 text-sm font-medium text-fg hover:bg-sunken hover:text-accent"
            >
              <span>
                {article.title}
                {isComingSoonArticle(article) && <ComingSoonBadge />}
              </span>
              <ArrowRight className="h-4 w-4 shrink-0 text-muted group-hover:text-accent" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export default function HelpPage() {
  const { supportEmail } = usePublicConfig();
  const [query, setQuery] = useState('');
  const categories = filterHelpCategories(HELP_CATEGORIES, query);
  const isSearching = query.trim() !== '';

  // A link to /help#<category> (the article breadcrumb) lands on that category, after the route's scroll to top.
  useEffect(() => {
    const target = window.location.hash
      ? document.getElementById(decodeURIComponent(window.location.hash.slice(1)))
      : null;
    target?.scrollIntoView();
  }, []);

  return (
    <PublicLayout>
      <PageHero
        eyebrow="Help Center"
        title="How can we help?"
        intro="Guides to importing trades, reading your analytics, tagging trades and keeping a daily journal, and a word on what is coming."
      >
        <form role="search" className="mx-auto mt-8 max-w-xl text-left" onSubmit={(e) => e.preventDefault()}>
          <TextField
            label="Search help articles"
            type="search"
            name="q"
            placeholder="Try “import”, “Monte Carlo” or “goals”"
            autoComplete="off"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </form>
        <nav aria-label="Explore" className="mt-6">
          <ul className="flex flex-wrap justify-center gap-2">
            {HEADER_LINKS.map((l) => (
              <li key={l.href}>
                <Link
                  href={l.href}
                  className="inline-flex items-center rounded-full border border-line bg-elevated px-3 py-1.5 text-sm font-medium text-fg hover:border-accent hover:text-accent"
                >
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </PageHero>

      <Container className="py-14 sm:py-16">
        <section aria-labelledby="help-categories-heading">
          <SectionHeading id="help-categories-heading" eyebrow="Browse" title="Help by category" />
          <p role="status" className="mb-6 text-center text-sm text-muted">
            {isSearching
              ? `${categories.length} of ${HELP_CATEGORIES.length} categories match “${query.trim()}”.`
              : `${HELP_CATEGORIES.length} categories`}
          </p>
          {categories.length > 0 ? (
            <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {categories.map((c) => (
                <CategoryCard key={c.id} category={c} />
              ))}
            </div>
          ) : (
            <Card className="mx-auto max-w-xl text-center">
              <SearchX className="mx-auto h-10 w-10 text-muted" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-semibold text-fg">No results for “{query.trim()}”</h3>
              <p className="mt-2 text-sm text-muted">
                Try a shorter or different word, such as “import”, “strategy” or “risk”, or browse all categories. If
                you still can’t find it, write to us at{' '}
                <a className="text-accent underline underline-offset-2" href={`mailto:${supportEmail}`}>
                  {supportEmail}
                </a>
                .
              </p>
              <Button variant="secondary" className="mt-5" onClick={() => setQuery('')}>
                Clear search
              </Button>
            </Card>
          )}
          <p className="mx-auto mt-8 flex max-w-3xl items-start gap-2 rounded-xl border border-line bg-sunken px-4 py-3 text-sm text-muted">
            <Info className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
            <span>
              Import, trades, the journal and analytics are here today. Strategy rules, goals, advanced reports and the
              AI assistant are coming: their articles say so in one line at the top.
            </span>
          </p>
        </section>
      </Container>

      <section aria-labelledby="help-popular-heading" className="border-y border-line bg-sunken py-14 sm:py-16">
        <Container>
          <SectionHeading id="help-popular-heading" eyebrow="Most read" title="Popular articles" />
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {POPULAR_ARTICLES.map(({ article, category }) => {
              const Icon = HELP_CATEGORY_ICONS[category.icon];
              return (
                <li key={article.id}>
                  <Link
                    href={`/help/${article.id}`}
                    className="group flex h-full flex-col rounded-2xl border border-line bg-elevated p-5 shadow-sm transition-colors hover:border-accent"
                  >
                    <Icon className="h-6 w-6 text-accent" aria-hidden="true" />
                    <span className="mt-3 font-semibold text-fg group-hover:text-accent">{article.title}</span>
                    <span className="mt-1 text-sm text-muted">{category.title}</span>
                    <span className="mt-auto inline-flex items-center gap-1 pt-4 text-sm font-medium text-accent">
                      Read article <ArrowRight className="h-4 w-4" aria-hidden="true" />
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </Container>
      </section>

      <Container className="py-14 sm:py-16">
        <section aria-labelledby="help-quick-start-heading">
          <SectionHeading id="help-quick-start-heading" eyebrow="Quick start" title="Get started in four steps" />
          <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {QUICK_START.map((step, index) => {
              const article = findHelpArticle(step.articleId)?.article;
              const isComing = article !== undefined && isComingSoonArticle(article);
              return (
                <li key={step.title}>
                  <Card className="flex h-full flex-col">
                    <span
                      className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-accent text-sm font-bold text-accent-fg"
                      aria-hidden="true"
                    >
                      {index + 1}
                    </span>
                    <h3 className="mt-4 font-semibold text-fg">
                      <span className="sr-only">Step {index + 1}: </span>
                      {step.title}
                      {isComing && <ComingSoonBadge />}
                    </h3>
                    <p className="mt-2 text-sm text-muted">{step.text}</p>
                    <Link
                      href={`/help/${step.articleId}`}
                      className="mt-auto inline-flex items-center gap-1 pt-4 text-sm font-medium text-accent hover:underline"
                    >
                      {article?.title ?? 'Read more'}
                      {isComing && ' (coming soon)'}
                      <ArrowRight className="h-4 w-4" aria-hidden="true" />
                    </Link>
                  </Card>
                </li>
              );
            })}
          </ol>
        </section>

        <section aria-labelledby="help-contact-heading" className="mt-16">
          <Card className="mx-auto flex max-w-4xl flex-col items-start gap-6 bg-accent-soft/40 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex items-start gap-4">
              <span className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-fg">
                <LifeBuoy className="h-6 w-6" aria-hidden="true" />
              </span>
              <div>
                <h2 id="help-contact-heading" className="text-xl font-bold text-fg">
                  Contact support
                </h2>
                <p className="mt-1 text-muted">Can’t find what you need? Write to us and a person will answer.</p>
                <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
                  <a
                    className="inline-flex items-center gap-1.5 font-medium text-accent underline-offset-2 hover:underline"
                    href={`mailto:${supportEmail}`}
                  >
                    <Mail className="h-4 w-4" aria-hidden="true" />
                    {supportEmail}
                  </a>
                  <span className="inline-flex items-center gap-1.5 text-muted">
                    <Clock className="h-4 w-4" aria-hidden="true" />
                    Usually responds within {CONTACT_RESPONSE_HOURS} hours
                  </span>
                </p>
              </div>
            </div>
            <ButtonLink href="/contact" className="shrink-0">
              Contact us
            </ButtonLink>
          </Card>
        </section>
      </Container>
    </PublicLayout>
  );
}
