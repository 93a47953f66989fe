import { HelpLink, type HelpArticleBody } from './article-parts';

function StrategyRulesArticle() {
  return (
    <>
      <p>
        Rules turn a strategy into a checklist you can answer on every trade. Each rule is one short statement you can
        call followed or broken afterwards, such as “Entry only above the opening range high” or “Risk at most 1 % of
        the account”.
      </p>

      <h2>Phases</h2>
      <p>Every rule belongs to one phase of the trade, which groups it in the checklist:</p>
      <ul>
        <li>
          <strong>Setup</strong>: what must be true before you consider the trade.
        </li>
        <li>
          <strong>Entry</strong>: the trigger and how you get in.
        </li>
        <li>
          <strong>Management</strong>: what you do while the trade is open.
        </li>
        <li>
          <strong>Exit</strong>: targets, stops and time exits.
        </li>
        <li>
          <strong>Risk</strong>: position size and loss limits.
        </li>
      </ul>

      <h2>Add, edit, reorder, remove</h2>
      <ul>
        <li>
          On the strategy’s page, under <strong>Rules</strong>, choose a <strong>Phase</strong>, write the{' '}
          <strong>New rule</strong> and select <strong>Add rule</strong>. It goes to the end of the list.
        </li>
        <li>
          <strong>Edit</strong> changes a rule’s text or phase. The rule keeps its identity, so every answer already
          given to it still counts; the former text is kept as a revision (“edited 1×”; hover to read it). Keep edits to
          rewording. If the rule now means something else, remove it and add a new one, so old answers do not mix with
          new ones.
        </li>
        <li>
          Reorder by dragging a rule by its handle, with its <strong>↑</strong> and <strong>↓</strong> buttons, or from
          the keyboard: focus the rule with Tab and press <strong>Alt+↑</strong> or <strong>Alt+↓</strong>. The new
          order is saved at once and is the order of the checklist.
        </li>
        <li>
          <strong>Remove</strong> takes a rule out of the playbook. Its past answers stop counting in any adherence
          figure from then on, but stay in its own history: the per-rule table on the strategy page still lists it,
          marked “removed”.
        </li>
      </ul>

      <h2>Writing good rules</h2>
      <ul>
        <li>Make each rule checkable: a yes or no afterwards, not a feeling.</li>
        <li>One idea per rule. “Trend up and volume high” is two rules; split it so each gets its own figures.</li>
        <li>
          Keep the list short. Five to ten rules are answered in seconds; thirty are skipped. Rules you never break tell
          you little.
        </li>
        <li>Write what you do, not what you hope: “Stop placed before entry” rather than “Be disciplined”.</li>
      </ul>

      <h2>Through the API</h2>
      <p>
        <code>POST /api/strategies/:id/rules</code> adds a rule (<code>phase</code>, <code>text</code>);{' '}
        <code>PATCH …/rules/:ruleId</code> edits it; <code>DELETE …/rules/:ruleId</code> removes it;{' '}
        <code>PUT /api/strategies/:id/rules</code> with <code>ruleIds</code> sets the order and must list every current
        rule once. Another user’s ids answer 404.
      </p>
      <p>
        Next: <HelpLink to="rule-tracking">Tracking rule adherence</HelpLink>.
      </p>
    </>
  );
}

export default {
  status: 'available',
  updated: '2026-12-03',
  body: StrategyRulesArticle,
} satisfies HelpArticleBody;
