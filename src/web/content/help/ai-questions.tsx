import { HelpLink, type HelpArticleBody } from './article-parts';

function AiQuestionsArticle() {
  return (
    <p>
      Planned: a list of the kinds of questions the AI assistant can answer, with examples, once it is in the app. Until
      then, <HelpLink to="heatmaps">Time-of-day heatmaps</HelpLink> and the Analytics breakdown cover the questions
      about when and what you trade.
    </p>
  );
}

export default {
  status: 'coming-soon',
  updated: '2026-12-02',
  notice:
    'The AI assistant is not available yet: today, a question such as “what is my win rate on Mondays?” is answered by Analytics, Breakdown by Weekday.',
  body: AiQuestionsArticle,
} satisfies HelpArticleBody;
