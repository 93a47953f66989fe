import { normaliseHeader } from '../synonyms';
import { EDGEBOOK_PRESET } from './edgebook';
import { NORTH_AMERICA_PRESETS } from './north-america';
import { REST_OF_WORLD_PRESETS } from './rest-of-world';
import type { BrokerPreset } from './types';

export type { BrokerPreset, PresetConventions } from './types';

/** Every documented layout of broker-formats.md, variants included, and Edgebook's own CSV. */
export const BROKER_PRESETS: readonly BrokerPreset[] = [
  ...NORTH_AMERICA_PRESETS,
  ...REST_OF_WORLD_PRESETS,
  EDGEBOOK_PRESET,
];

/** The brokers of the seed without a documented file layout: the generic detector handles them. */
export const BROKERS_WITHOUT_PRESET = [
  'TradeStation',
  'Alpaca',
  'Tradier',
  'Public',
  'Chase',
  'Empower',
  'Upstox',
] as const;

export type PresetMatch = {
  preset: BrokerPreset;
  /** 0.5–1: every signature header is present; higher as more of the file's headers are the layout's own. */
  score: number;
};

function knownHeaders(preset: BrokerPreset): Set<string> {
  const names = [...preset.signature, ...Object.values(preset.columns).flat()];
  return new Set(names.map(normaliseHeader));
}

/**
 * The documented layout a header row belongs to, or null. Headers are compared normalised and in
 * any order (brokers reorder columns); every signature header must be present and no excluded
 * one. Among matches the one that explains most of the file's headers wins, then the more
 * specific signature.
 */
export function matchBrokerPreset(headers: readonly string[]): PresetMatch | null {
  const present = new Set(headers.map(normaliseHeader).filter((h) => h !== '' && !/^column \d+$/.test(h)));
  if (present.size === 0) return null;
  let best: PresetMatch | null = null;
  for (const preset of BROKER_PRESETS) {
    if (!preset.signature.every((header) => present.has(normaliseHeader(header)))) continue;
    if (preset.excludes?.some((header) => present.has(normaliseHeader(header)))) continue;
    const known = knownHeaders(preset);
    let covered = 0;
    for (const header of present) if (known.has(header)) covered += 1;
    const score = 0.5 + 0.4 * (covered / present.size) + 0.1 * Math.min(1, preset.signature.length / 10);
    if (best === null || score > best.score) best = { preset, score: Math.round(score * 100) / 100 };
  }
  return best;
}
