import { HelpLink, type HelpArticleBody } from './article-parts';

function StrategySetupArticle() {
  return (
    <p>
      Planned for the Playbook page: creating, renaming and describing strategies in the app, with their rules. Until
      then, <HelpLink to="strategy-performance">Measuring strategy performance</HelpLink> shows how to compare the
      strategies your trades carry.
    </p>
  );
}

export default {
  status: 'coming-soon',
  updated: '2026-12-02',
  notice:
    'The strategy setup page is not available yet: today, a trade’s strategy is picked in its trade dialog, and new strategy names arrive with the strategy column of an Edgebook CSV import.',
  body: StrategySetupArticle,
} satisfies HelpArticleBody;
