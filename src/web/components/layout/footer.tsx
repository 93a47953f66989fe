import { Link } from 'wouter';
import { usePublicConfig } from '../../lib/public-config';
import { LogoMark } from './logo';

const FOOTER_COLUMNS = [
  {
    title: 'Product',
    links: [
      { href: '/features', label: 'Features' },
      { href: '/pricing', label: 'Pricing' },
      { href: '/brokers', label: 'Supported Brokers' },
    ],
  },
  {
    title: 'Learn',
    links: [
      { href: '/education', label: 'Trading Journal Guide' },
      { href: '/help', label: 'Help Center' },
    ],
  },
  {
    title: 'Company',
    links: [
      { href: '/about', label: 'About' },
      { href: '/contact', label: 'Contact' },
      { href: '/terms-of-service', label: 'Terms of Service' },
      { href: '/privacy', label: 'Privacy Policy' },
    ],
  },
] as const;

export function Footer() {
  const { brand, companyLegalName, supportEmail } = usePublicConfig();
  return (
    <footer className="border-t border-line bg-sunken">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div>
          <div className="flex items-center gap-2 font-bold">
            <LogoMark className="h-7 w-7" />
            <span>{brand}</span>
          </div>
          <p className="mt-3 text-sm text-muted">The trading journal that shows you the truth about your edge.</p>
          <p className="mt-3 text-sm">
            <a className="text-accent underline-offset-2 hover:underline" href={`mailto:${supportEmail}`}>
              {supportEmail}
            </a>
          </p>
        </div>
        {FOOTER_COLUMNS.map((col) => (
          <nav key={col.title} aria-label={col.title}>
            <h2 className="text-sm font-semibold text-fg">{col.title}</h2>
            <ul className="mt-3 grid gap-2">
              {col.links.map((l) => (
                <li key={l.href}>
                  <Link href={l.href} className="text-sm text-muted hover:text-fg">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-6xl px-4 py-6 text-xs text-muted sm:px-6">
          © {new Date().getFullYear()} {companyLegalName}. For historical and educational use only; nothing here is
          financial advice.
        </p>
      </div>
    </footer>
  );
}
