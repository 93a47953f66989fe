import type { PublicConfig } from '../../core/config/operator';

/**
 * JSON-LD for /about: the Organization, with a founder only when the operator configured one
 * (we never invent a person).
 */
export function toStructuredData(path: string, config: PublicConfig): Record<string, unknown> | null {
  if (path !== '/about') return null;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: config.brand,
    legalName: config.companyLegalName,
    url: config.baseUrl,
    logo: `${config.baseUrl.replace(/\/+$/, '')}/favicon.svg`,
    email: config.supportEmail,
    contactPoint: { '@type': 'ContactPoint', contactType: 'customer support', email: config.supportEmail },
    ...(config.founderName
      ? {
          founder: {
            '@type': 'Person',
            name: config.founderName,
            ...(config.founderBio ? { description: config.founderBio } : {}),
          },
        }
      : {}),
  };
}

export function toStructuredDataHtml(path: string, config: PublicConfig): string {
  const data = toStructuredData(path, config);
  return data ? `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>` : '';
}
