import { Link2Off } from 'lucide-react';
import { PublicLayout } from '../components/layout/public-layout';
import { ButtonLink } from '../components/ui/button';
import { usePublicConfig } from '../lib/public-config';

/**
 * /share/{slug}. Sharing arrives with its own issue; until then no slug exists, the server answers
 * 404, and this page says so plainly.
 */
export default function SharePage() {
  const { brand } = usePublicConfig();
  return (
    <PublicLayout>
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <Link2Off className="h-14 w-14 text-muted" aria-hidden="true" />
        <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-fg">Shared page not found</h1>
        <p className="mt-4 text-lg text-muted">This link does not exist, or its owner has stopped sharing it.</p>
        <div className="mt-8">
          <ButtonLink href="/">Discover {brand}</ButtonLink>
        </div>
      </section>
    </PublicLayout>
  );
}
