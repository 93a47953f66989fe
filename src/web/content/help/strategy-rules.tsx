import { HelpLink, type HelpArticleBody } from './article-parts';

function StrategyRulesArticle() {
  return (
    <p>
      Planned for the Playbook page: each strategy with its written rules for setup, entry, management, exit and risk.
      Until then, the <HelpLink to="daily-journal">daily journal</HelpLink> has a plan before the session and a review
      after it.
    </p>
  );
}

export default {
  status: 'coming-soon',
  updated: '2026-12-02',
  notice:
    'Strategy rules are not available yet: today, write your rules in a trade’s Notes (Markdown) or in the day’s plan in the journal.',
  body: StrategyRulesArticle,
} satisfies HelpArticleBody;
