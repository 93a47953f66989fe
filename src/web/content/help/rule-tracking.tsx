import { Formula, HelpLink, type HelpArticleBody } from './article-parts';

function RuleTrackingArticle() {
  return (
    <>
      <p>
        Rule tracking records, trade by trade, whether you followed each rule of the trade’s strategy. Over time it
        shows how disciplined you are and which lapses cost you money.
      </p>

      <h2>Answer the checklist</h2>
      <ol>
        <li>Open a trade from the Trades table.</li>
        <li>
          Pick its <strong>Strategy</strong>. The choice is saved at once and the strategy’s{' '}
          <strong>Rule checklist</strong> appears, grouped by phase.
        </li>
        <li>
          For each rule choose <strong>Followed</strong>, <strong>Broken</strong> or <strong>N/A</strong> (the rule did
          not apply to this trade). Each answer is saved as you give it; choosing the same answer again clears it.
        </li>
      </ol>
      <p>From the keyboard, Tab into the checklist, then:</p>
      <ul>
        <li>
          <strong>1</strong>, <strong>2</strong>, <strong>3</strong>: followed, broken, N/A for the focused rule;
        </li>
        <li>
          <strong>←</strong> / <strong>→</strong>: step the focused rule’s answer;
        </li>
        <li>
          <strong>↑</strong> / <strong>↓</strong>: move to the previous or next rule.
        </li>
      </ul>
      <p>Answering a strategy of eight rules takes a few seconds this way.</p>

      <h2>Many trades at once</h2>
      <p>
        In the Trades table, tick the trades, choose a rule under <strong>Mark rule…</strong> in the bar that appears
        (rules are listed by strategy), then its answer. Only the ticked trades that carry that rule’s strategy are
        answered; the toast says how many. <strong>No answer</strong> clears it.
      </p>

      <h2>Adherence</h2>
      <Formula>{`adherence % = followed ÷ (followed + broken) × 100`}</Formula>
      <p>
        N/A answers count for neither side. A trade with no rule answered followed or broken has no adherence (shown as
        —). Only the current rules of the trade’s current strategy count: answers to a removed rule, or to the rules of
        a strategy the trade no longer carries, are left out. The checklist shows the trade’s adherence as you answer,
        and the strategy page lists it beside each of its trades.
      </p>
      <p>
        A strategy’s adherence on the Playbook page is the mean of its closed trades’ adherence, over the trades that
        have one.
      </p>

      <h2>Filter by rules</h2>
      <p>
        The report filter has three rule conditions: <strong>Rule adherence %</strong> (a range),{' '}
        <strong>Rules followed</strong> and <strong>Rules broken</strong> (any of the given rules). They work wherever
        the filter does: the trades list, exports, Analytics and advanced reports. The filter bar (Trades, Analytics,
        advanced reports) lists the rules by name (“Strategy: rule”); the <code>filter</code> parameter of the API takes
        rule ids.
      </p>

      <h2>Answers stay with the trade</h2>
      <p>
        Answers are kept on the trade’s opening fill, like its notes and tags, so re-importing a file or regrouping
        fills does not lose them. Editing a rule’s text keeps its answers.
      </p>

      <h2>Through the API</h2>
      <p>
        <code>PUT /api/trades/:id/rule-checks</code> takes a list of <code>{'{ ruleId, state }'}</code>, with state{' '}
        <code>followed</code>, <code>broken</code>, <code>na</code> or <code>null</code> to clear. Each rule must be a
        current rule of the trade’s strategy (404 otherwise), and a trade without a strategy answers 400.{' '}
        <code>POST /api/trades/bulk</code> with <code>action: "setRuleCheck"</code>, <code>ruleId</code> and{' '}
        <code>state</code> answers many trades. Every trade carries <code>ruleChecks</code> and{' '}
        <code>adherencePct</code>.
      </p>
      <p>
        To see what your answers mean in money, read{' '}
        <HelpLink to="strategy-performance">Measuring strategy performance</HelpLink>.
      </p>
    </>
  );
}

export default {
  status: 'available',
  updated: '2026-12-03',
  body: RuleTrackingArticle,
} satisfies HelpArticleBody;
