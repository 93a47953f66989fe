import { Link } from 'wouter';
import { HELP_ARTICLES_UPDATED, HelpLink, Brand, type HelpArticleBody } from './article-parts';

function AiAnalysisArticle() {
  return (
    <>
      <p>
        The AI assistant answers questions about your own trading in plain language. Ask “What is my win rate on
        Mondays?” and it replies with the number, a small chart and a link to the report that produced it, so you can
        always check the answer.
      </p>

      <h2>Open the assistant</h2>
      <ol>
        <li>Select the assistant button; the chat panel is available on every page of the app.</li>
        <li>Type your question in everyday words.</li>
        <li>Read the answer, then open the linked report to see the trades behind it, or ask a follow-up.</li>
      </ol>
      <p>
        The assistant is part of Premium and is included during the free trial. See <Link href="/pricing">Pricing</Link>
        .
      </p>

      <h2>How it answers</h2>
      <p>
        The assistant does not guess numbers. It translates your question into the same building blocks as Advanced
        Reports:
      </p>
      <ul>
        <li>
          a <strong>filter</strong>: which trades (“on Mondays”, “since March”, “TSLA”, “tagged news”);
        </li>
        <li>
          a <strong>metric</strong>: what to compute (win rate, expectancy, net P&amp;L, profit factor…);
        </li>
        <li>
          optionally a <strong>grouping</strong> or an ordering (“by strategy”, “biggest losers”).
        </li>
      </ul>
      <p>
        The journal’s analytics then compute the answer with the exact formulas used everywhere else, which is why the
        assistant and your dashboard always agree. If a question is ambiguous (“last month” at the start of a month, or
        a symbol you never traded), it tells you how it read the question.
      </p>

      <h2>Your data and outside AI services</h2>
      <ul>
        <li>The assistant works with a built-in question parser, with no outside AI service involved.</li>
        <li>
          If <Brand /> is configured with an external language model, the model is used to understand your wording. It
          calls the same report functions and sees only what those functions return, never your whole journal.
        </li>
      </ul>

      <h2>What it will not do</h2>
      <ul>
        <li>
          Predict prices or tell you what to buy or sell. It describes your past trading; nothing it says is financial
          advice.
        </li>
        <li>
          Invent figures: if your data cannot answer a question (no trades match, or trades lack a stop for an R
          question), it says so.
        </li>
      </ul>

      <h2>Next steps</h2>
      <ul>
        <li>
          Examples to copy: <HelpLink to="ai-questions">Questions you can ask</HelpLink>.
        </li>
        <li>
          Patterns the journal looks for on its own: <HelpLink to="ai-patterns">Pattern detection</HelpLink>.
        </li>
        <li>
          How findings are tested before you see them:{' '}
          <HelpLink to="ai-insights">Insights and how they are tested</HelpLink>.
        </li>
      </ul>
    </>
  );
}

export default {
  status: 'coming-soon',
  updated: HELP_ARTICLES_UPDATED,
  body: AiAnalysisArticle,
} satisfies HelpArticleBody;
