import { HelpLink, type HelpArticleBody } from './article-parts';

function RuleTrackingArticle() {
  return (
    <p>
      Planned for the Playbook page: ticking each rule on a trade and seeing how trades went when a rule was followed
      and when it was broken. <HelpLink to="tags-guide">Organising trades with tags</HelpLink> shows the tag-based way
      to do this today.
    </p>
  );
}

export default {
  status: 'coming-soon',
  updated: '2026-12-02',
  notice:
    'Rule tracking is not available yet: today, tag trades where you broke a rule (for example “broke-rule”) and compare tagged and untagged trades in Analytics.',
  body: RuleTrackingArticle,
} satisfies HelpArticleBody;
