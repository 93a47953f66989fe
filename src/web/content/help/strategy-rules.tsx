import { HELP_ARTICLES_UPDATED, HelpLink, Table, type HelpArticleBody } from './article-parts';

function StrategyRulesArticle() {
  return (
    <>
      <p>
        Rules turn a strategy from an idea into a checklist. Good rules let you answer, after every trade, a simple
        question: did I follow my plan? The journal then measures what following each rule is worth.
      </p>

      <h2>The five phases</h2>
      <ul>
        <li>
          <strong>Setup:</strong> the conditions that must exist before you consider a trade (trend, catalyst, volume,
          time of day).
        </li>
        <li>
          <strong>Entry:</strong> the exact trigger and order type.
        </li>
        <li>
          <strong>Management:</strong> what you do while the trade is open: stop adjustments, adding, partial exits.
        </li>
        <li>
          <strong>Exit:</strong> targets, trailing stops, time stops.
        </li>
        <li>
          <strong>Risk:</strong> where the initial stop goes and how much you risk (your 1R).
        </li>
      </ul>

      <h2>What makes a good rule</h2>
      <ul>
        <li>
          <strong>Observable:</strong> someone else could look at the chart and agree whether it was met.
        </li>
        <li>
          <strong>Binary:</strong> it is either followed or broken, never “sort of”.
        </li>
        <li>
          <strong>Decided in advance:</strong> it can be checked with what you knew at the time.
        </li>
        <li>
          <strong>One idea per rule:</strong> split “wait for the pullback and enter on volume” into two rules, so you
          learn which half matters.
        </li>
      </ul>

      <Table
        head={['Vague', 'Checkable']}
        rows={[
          ['Trade with the trend', 'Price above the rising 20-period moving average on the 15-minute chart'],
          ['Don’t chase', 'Entry no more than 0.5% above the trigger price'],
          ['Manage risk', 'Initial stop below the setup low; risk at most 1% of the account'],
          ['Take profits', 'Sell half at +2R'],
          ['Avoid bad times', 'No new entries in the first 5 minutes or after 15:30'],
        ]}
      />

      <h2>Add and order rules</h2>
      <ol>
        <li>
          Open the strategy in <strong>Playbook</strong>.
        </li>
        <li>Add a rule to the phase it belongs to.</li>
        <li>
          Arrange the rules in the order you check them while trading; the trade checklist follows the same order.
        </li>
      </ol>

      <h2>How rules are checked</h2>
      <p>
        On each trade linked to the strategy, every rule is marked <strong>followed</strong>, <strong>broken</strong> or{' '}
        <strong>not applicable</strong>. “Not applicable” is for rules that could not come into play, such as a scaling
        rule on a trade stopped out before its first target. See{' '}
        <HelpLink to="rule-tracking">Tracking rule adherence</HelpLink>.
      </p>

      <h2>How many rules?</h2>
      <p>
        Most strategies work well with five to ten rules. Too few and the checklist says nothing; too many and you stop
        checking it honestly. If a rule is always followed or never makes a difference, it may not need to be a rule.
        The per-rule statistics in the playbook show you which ones do.
      </p>
    </>
  );
}

export default {
  status: 'coming-soon',
  updated: HELP_ARTICLES_UPDATED,
  body: StrategyRulesArticle,
} satisfies HelpArticleBody;
