/**
 * What a trader can use today, one entry per feature the site talks about. The signed-in app shows
 * its "being built" page for a placeholder's route, and a unit test reads every public page, help
 * article and the welcome e-mail for a placeholder's words: each mention must sit in a sentence that
 * says the feature is coming. When an issue delivers a feature, flip its entry to 'live' and that
 * test points at every article and page still calling it coming (and the route leaves the placeholder page).
 */
export type FeatureStatus = 'live' | 'placeholder';

export type Feature = {
  id: string;
  /** The feature's name as the site uses it. */
  name: string;
  /** The signed-in route that shows it, if it has one of its own. */
  route?: string;
  status: FeatureStatus;
  /** Words that name the feature in prose, matched case-insensitively on word boundaries. */
  words: readonly RegExp[];
};

export const FEATURES: readonly Feature[] = [
  {
    id: 'goals',
    name: 'Smart goals',
    route: '/goals',
    status: 'placeholder',
    words: [/\bsmart goals?\b/i, /\bgoals? (tracking|progress|analytics|streaks?)\b/i, /\bgoals? that track\b/i],
  },
  {
    id: 'playbook',
    name: 'Strategy playbook and rules',
    route: '/playbook',
    status: 'live',
    words: [/\bplaybooks?\b/i, /\badherence\b/i, /\bstrategy rules\b/i, /\brule tracking\b/i, /\bstrategy tracking\b/i],
  },
  {
    id: 'advanced-reports',
    name: 'Advanced reports',
    route: '/advanced-reports',
    status: 'live',
    words: [/\badvanced reports?\b/i, /\bsaved reports?\b/i, /\bPDF\b/i, /\b60\+ filter/i, /\breport builder\b/i],
  },
  {
    id: 'sharing',
    name: 'Performance sharing',
    route: '/share',
    status: 'placeholder',
    words: [/\bperformance sharing\b/i, /\bshar(e|ing)\b.*\blink\b/i, /\bpublic link\b/i],
  },
  {
    id: 'ai-assistant',
    name: 'AI assistant and insights',
    status: 'placeholder',
    words: [
      /\bAI\b(?! (column|suggested))/i,
      /\bchat assistant\b/i,
      /\bperformance insights\b/i,
      /\bbehaviou?ral patterns?\b/i,
      /\bpattern detection\b/i,
    ],
  },
  {
    id: 'broker-sync',
    name: 'Broker connections',
    status: 'placeholder',
    words: [
      /\bread-only connection\b/i,
      /\bsync(s|ed|ing)?\b/i,
      /\bauto-imports?\b/i,
      /\bautomat(ic|ed) (trade )?imports?\b/i,
      /\bimports? automatically\b/i,
      /\bconnect (one of|your|a)\b[^.]*\bbrokers?\b/i,
      /\bbroker (connections?|integrations?)\b/i,
    ],
  },
  {
    id: 'json-export',
    name: 'Full data export (CSV and JSON)',
    status: 'placeholder',
    words: [/\bJSON (export|download|file)s?\b/i, /\bCSV and JSON\b/i, /\bfull data export\b/i],
  },
  { id: 'two-factor', name: 'Two-factor sign-in', status: 'live', words: [/\btwo-factor\b/i, /\b2FA\b/i] },
  { id: 'mobile-app', name: 'Mobile app', status: 'placeholder', words: [/\bmobile app\b/i] },
  { id: 'admin', name: 'Admin area', route: '/admin', status: 'placeholder', words: [/\badmin (area|panel)\b/i] },
  { id: 'import', name: 'File import', route: '/import', status: 'live', words: [/\bimport\b/i] },
  { id: 'trades', name: 'Trades list and trade journal', route: '/trades', status: 'live', words: [/\btrades\b/i] },
  { id: 'dashboard', name: 'Dashboard', route: '/dashboard', status: 'live', words: [/\bdashboard\b/i] },
  { id: 'analytics', name: 'Analytics', route: '/analytics', status: 'live', words: [/\banalytics\b/i] },
  { id: 'journal', name: 'Calendar and daily journal', route: '/journal', status: 'live', words: [/\bjournal\b/i] },
  {
    id: 'position-size',
    name: 'Position size calculator',
    route: '/position-size',
    status: 'live',
    words: [/\bposition siz(e|ing)\b/i],
  },
  {
    id: 'demo-analytics',
    name: 'Sample analytics',
    route: '/demo-advanced-analytics',
    status: 'live',
    words: [/\bsample data\b/i],
  },
];

export const PLACEHOLDER_FEATURES: readonly Feature[] = FEATURES.filter((f) => f.status === 'placeholder');

/** The placeholder feature whose route is `path` or a parent of it, if any. */
export function findPlaceholderByPath(path: string): Feature | undefined {
  return PLACEHOLDER_FEATURES.find((f) => f.route && (path === f.route || path.startsWith(`${f.route}/`)));
}

/** A sentence that says its feature is not here yet. */
const COMING =
  /\b(coming|once (it is |they are )?available|not (yet )?(available|built|ready|here)|not yet|planned|being built|isn[’']t (ready|built|available) yet|later)\b/i;

export type PlaceholderMention = { featureId: string; sentence: string };

/**
 * The sentences of `text` that name a placeholder feature without saying it is coming. `text` is
 * prose with one block (heading, paragraph, list item) a line; a line is split into sentences at
 * `.`, `!` or `?` followed by a space.
 */
export function findPlaceholderMentions(
  text: string,
  features: readonly Feature[] = PLACEHOLDER_FEATURES,
): PlaceholderMention[] {
  const mentions: PlaceholderMention[] = [];
  for (const line of text.split('\n')) {
    for (const raw of line.split(/(?<=[.!?])\s+/)) {
      const sentence = raw.trim();
      if (!sentence || COMING.test(sentence)) continue;
      for (const feature of features) {
        if (feature.words.some((w) => w.test(sentence))) mentions.push({ featureId: feature.id, sentence });
      }
    }
  }
  return mentions;
}
