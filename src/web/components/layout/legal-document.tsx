import type { ReactNode } from 'react';
import { FileText, Mail } from 'lucide-react';
import { Container } from '../ui/card';
import { PageHero, PublicLayout } from './public-layout';

export type LegalSection = { id: string; title: string; body: ReactNode };

/** "1 day", "30 days". */
export function pluralDays(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/**
 * A legal page's body (the terms, the privacy policy): a table of contents beside numbered
 * sections, each reachable by its id, and the operator's name and support address at the end.
 */
export function LegalDocument({
  sections,
  companyLegalName,
  supportEmail,
  testId,
}: {
  sections: LegalSection[];
  companyLegalName: string;
  supportEmail: string;
  testId: string;
}) {
  return (
    <Container className="py-12 sm:py-16">
      <div className="grid gap-10 lg:grid-cols-[16rem_1fr]">
        <nav aria-labelledby="toc-heading" className="lg:sticky lg:top-24 lg:self-start">
          <div className="rounded-2xl border border-line bg-elevated p-5">
            <h2
              id="toc-heading"
              className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-muted"
            >
              <FileText className="h-4 w-4" aria-hidden="true" />
              Contents
            </h2>
            <ol className="mt-3 grid gap-1 text-sm lg:max-h-[calc(100vh-12rem)] lg:overflow-y-auto">
              {sections.map((s, i) => (
                <li key={s.id}>
                  <a
                    href={`#${s.id}`}
                    className="flex gap-2 rounded-md px-2 py-1 text-fg hover:bg-sunken hover:text-accent"
                  >
                    <span className="tabular w-5 shrink-0 text-right text-muted">{i + 1}.</span>
                    <span>{s.title}</span>
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>

        <article className="prose-eb min-w-0 max-w-3xl" data-testid={testId}>
          {sections.map((s, i) => (
            <section
              key={s.id}
              id={s.id}
              aria-labelledby={`${s.id}-heading`}
              className="scroll-mt-24 border-b border-line pb-4 last:border-0"
            >
              <h2 id={`${s.id}-heading`}>
                <span className="tabular text-accent">{i + 1}.</span> {s.title}
              </h2>
              {s.body}
            </section>
          ))}
          <aside className="mt-8 flex items-start gap-3 rounded-xl border border-line bg-sunken p-4 text-sm">
            <Mail className="mt-1 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
            <span>
              {companyLegalName} · <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
            </span>
          </aside>
        </article>
      </div>
    </Container>
  );
}

/** A whole legal page: the hero with its title, update date and summary, then the document. */
export function LegalPage({
  title,
  updated,
  summary,
  sections,
  companyLegalName,
  supportEmail,
  testId,
}: {
  title: string;
  /** The version's date: ISO for the machine, as text for the reader. */
  updated: { iso: string; text: string };
  summary: ReactNode;
  sections: LegalSection[];
  companyLegalName: string;
  supportEmail: string;
  testId: string;
}) {
  return (
    <PublicLayout>
      <PageHero
        eyebrow="Legal"
        title={title}
        intro={
          <>
            Last updated <time dateTime={updated.iso}>{updated.text}</time>
          </>
        }
      >
        <p className="mx-auto mt-4 max-w-2xl rounded-xl border border-line bg-elevated px-4 py-3 text-sm text-muted">
          {summary}
        </p>
      </PageHero>
      <LegalDocument
        sections={sections}
        companyLegalName={companyLegalName}
        supportEmail={supportEmail}
        testId={testId}
      />
    </PublicLayout>
  );
}
