import type { PublicConfig } from '../core/config/operator';

const AD_TAG_ORIGINS = [
  'https://www.googletagmanager.com',
  'https://www.google-analytics.com',
  'https://googleads.g.doubleclick.net',
];

/**
 * A strict Content-Security-Policy: our own origin only. Outside origins are added only for what an
 * operator has configured (the ad-conversion tag, the walkthrough video host).
 */
export function buildContentSecurityPolicy(config: PublicConfig): Record<string, string[]> {
  const ads = config.adConversionId ? AD_TAG_ORIGINS : [];
  const video = config.walkthroughVideoUrl ? [new URL(config.walkthroughVideoUrl).origin] : [];
  const directives: Record<string, string[]> = {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'", ...ads],
    // React and Radix set style attributes; no style can run code.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...ads],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...ads],
    frameSrc: video.length ? video : ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
  };
  // Only behind https: on http://localhost it would send the browser to a port nothing serves.
  directives.upgradeInsecureRequests = config.baseUrl.startsWith('https:') ? [] : (null as unknown as string[]); // helmet: null removes a default
  return directives;
}
