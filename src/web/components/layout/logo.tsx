import { Link } from 'wouter';
import { usePublicConfig } from '../../lib/public-config';

export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#0b1220" />
      <path
        d="M12 44 L26 30 L34 38 L52 18"
        fill="none"
        stroke="#34d399"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="52" cy="18" r="4" fill="#fbbf24" />
    </svg>
  );
}

export function Logo() {
  const { brand } = usePublicConfig();
  return (
    <Link
      href="/"
      className="flex items-center gap-2 rounded-lg font-bold tracking-tight text-fg"
      aria-label={`${brand} home`}
    >
      <LogoMark />
      <span className="text-lg">{brand}</span>
    </Link>
  );
}
