import type { PublicConfig } from '../../core/config/operator';
import type { PublicPageKind } from '../../core/site/public-pages';

type GtagWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };

/**
 * Loads the ad-conversion tag after page load, on marketing and sign-up pages only, and only when an
 * operator has set its id: with none set the app makes no request to any outside host.
 */
export function loadAdConversionTag(config: PublicConfig, kind: PublicPageKind): boolean {
  const id = config.adConversionId;
  if (!id || (kind !== 'marketing' && kind !== 'signup')) return false;
  const w = window as GtagWindow;
  w.dataLayer = w.dataLayer ?? [];
  w.gtag = function gtag(...args: unknown[]) {
    w.dataLayer!.push(args); // set on the line above
  };
  w.gtag('js', new Date());
  w.gtag('config', id);
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
  document.head.appendChild(script);
  return true;
}
