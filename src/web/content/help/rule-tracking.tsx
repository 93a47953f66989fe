import { HELP_ARTICLES_UPDATED, Formula, HelpLink, Table, type HelpArticleBody } from './article-parts';

function RuleTrackingArticle() {
  return (
    <>
      <p>
        Rule adherence measures how consistently you trade your plan. It matters because a strategy’s statistics only
        describe the strategy when you actually followed it, and because the difference between followed and broken
        rules is often the clearest lesson in a journal.
      </p>

      <h2>Check the rules on a trade</h2>
      <ol>
        <li>Open the trade from the trades table.</li>
        <li>Choose its strategy, if it has none yet. The strategy’s rules appear as a checklist, in playbook order.</li>
        <li>
          Mark each rule <strong>followed</strong>, <strong>broken</strong> or <strong>not applicable</strong>.
        </li>
        <li>Add a note on any broken rule: why it happened is the part you will want to reread.</li>
      </ol>
      <p>
        Do it the same day, ideally during your evening review in the daily journal, while you still remember what you
        saw.
      </p>

      <h2>How adherence is calculated</h2>
      <Formula>{`adherence % = followed ÷ (followed + broken) × 100`}</Formula>
      <p>
        Rules marked “not applicable” are left out. Example: a strategy with 8 rules, 6 followed, 1 broken and 1 not
        applicable gives 6 ÷ 7 = 85.7% for that trade. The same formula is applied per trade, per strategy, per rule and
        per period, by adding up the checks.
      </p>

      <h2>What each rule is worth</h2>
      <p>For every rule the playbook compares trades where it was followed with trades where it was broken:</p>
      <Table
        head={['Rule: “No entries after 15:30”', 'Trades', 'Win rate', 'Expectancy']}
        nowrap={[3]}
        rows={[
          ['Followed', '84', '52%', '+0.41R'],
          ['Broken', '17', '35%', '−0.38R'],
        ]}
      />
      <p>
        The figures above are an illustration. In the app, each side shows its sample size and a 95% confidence
        interval, so you can tell a real effect from a coincidence: with 17 trades the interval is wide, and it narrows
        as you log more.
      </p>

      <h2>Use adherence elsewhere</h2>
      <ul>
        <li>
          <strong>Goals:</strong> a “rule adherence at least 90% this week” goal tracks itself. See{' '}
          <HelpLink to="goal-types">Goal types and periods</HelpLink>.
        </li>
        <li>
          <strong>Reports:</strong> filter by rule adherence %, or by a given rule followed or broken, and group the
          result any way you like.
        </li>
        <li>
          <strong>Strategy review:</strong> compare a strategy’s expectancy on fully compliant trades with its overall
          expectancy. If only the compliant trades are profitable, the strategy works and the discipline needs
          attention.
        </li>
      </ul>
      <p>
        Be honest when checking. Adherence only helps you if a broken rule is marked broken; nobody else sees it unless
        you choose to share it.
      </p>
    </>
  );
}

export default {
  status: 'coming-soon',
  updated: HELP_ARTICLES_UPDATED,
  body: RuleTrackingArticle,
} satisfies HelpArticleBody;
