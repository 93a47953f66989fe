import { Compass } from 'lucide-react';
import { PublicLayout } from '../components/layout/public-layout';
import { ButtonLink } from '../components/ui/button';

export default function NotFoundPage() {
  return (
    <PublicLayout>
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <Compass className="h-14 w-14 text-accent" aria-hidden="true" />
        <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-fg">404 Page Not Found</h1>
        <p className="mt-4 text-lg text-muted">The page you were looking for does not exist or has moved.</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink href="/">Go to the home page</ButtonLink>
          <ButtonLink href="/help" variant="secondary">
            Visit the Help Center
          </ButtonLink>
        </div>
      </section>
    </PublicLayout>
  );
}
