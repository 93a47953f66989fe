/**
 * Operator configuration that the public pages, e-mails and the terms read. It is the only place
 * these values live: the server parses them from the environment once (server/config.ts validates
 * them) and the prerendered pages embed the same object, so copy can never disagree with billing.
 * Plain data with no schema library, so the public pages' JavaScript stays small.
 */
export type PublicConfig = {
  brand: string;
  supportEmail: string;
  baseUrl: string;
  companyLegalName: string;
  governingLawState: string;
  founderName?: string;
  founderBio?: string;
  /** Ad-conversion tag id (e.g. a Google Ads "AW-…" id). Unset means no outside request at all. */
  adConversionId?: string;
  /** Embeddable walkthrough video URL for /features (an https iframe source). */
  walkthroughVideoUrl?: string;
  /** Days an unconverted trial's data is kept after the trial ends. */
  trialDataRetentionDays: number;
};

export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  brand: 'Edgebook',
  supportEmail: 'support@edgebook.app',
  baseUrl: 'http://localhost:3000',
  companyLegalName: 'Edgebook LLC',
  governingLawState: 'Colorado',
  trialDataRetentionDays: 30,
};

/** Terms of service version date shown on /terms-of-service. */
export const TERMS_LAST_UPDATED = 'October 21, 2025';
/** Privacy policy version date (ISO) shown on /privacy. */
export const PRIVACY_LAST_UPDATED = '2026-12-02';
/** Liability cap: the lesser of 12 months of payments or this amount in USD. */
export const LIABILITY_CAP_USD = 100;
export const DISPUTE_DIRECT_RESOLUTION_DAYS = 30;
export const DISPUTE_MEDIATION_WAIT_DAYS = 60;
export const CONTACT_RESPONSE_HOURS = 24;
export const BROKER_FORMAT_TURNAROUND_HOURS = 24;
export const SAMPLE_FILE_ROWS = '10-20';
