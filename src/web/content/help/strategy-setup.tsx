import { HELP_ARTICLES_UPDATED, HelpLink, Table, type HelpArticleBody } from './article-parts';

function StrategySetupArticle() {
  return (
    <>
      <p>
        A strategy is an entry in your playbook: a setup you trade repeatedly, written down with the rules that define
        it. Once your trades are linked to strategies, the journal can tell you which setups carry your edge and which
        rules matter.
      </p>

      <h2>Create a strategy</h2>
      <ol>
        <li>
          Open <strong>Playbook</strong> and select <strong>New strategy</strong>.
        </li>
        <li>Name it after the setup, for example “Opening range breakout”.</li>
        <li>Describe it in a few lines: market, instruments, timeframe, and the idea behind it.</li>
        <li>
          Add rules, grouped by phase: <strong>setup</strong>, <strong>entry</strong>, <strong>management</strong>,{' '}
          <strong>exit</strong> and <strong>risk</strong>. Put them in the order you check them. See{' '}
          <HelpLink to="strategy-rules">Writing strategy rules</HelpLink>.
        </li>
        <li>Save. The strategy is now available on every trade.</li>
      </ol>

      <h2>Example: opening range breakout</h2>
      <Table
        head={['Phase', 'Rule']}
        rows={[
          ['Setup', 'Stock gapped at least 2% on news, pre-market volume above 500k shares'],
          ['Entry', 'Buy the break of the 5-minute opening range high, only after 09:35'],
          ['Management', 'Move the stop to breakeven after +1R; no adding to the position'],
          ['Exit', 'Sell half at +2R, trail the rest under the 5-minute lows'],
          ['Risk', 'Initial stop below the opening range low; risk at most 1% of the account'],
        ]}
      />

      <h2>Link trades to a strategy</h2>
      <ul>
        <li>
          <strong>One trade:</strong> open it and choose the strategy in the trade edit form. Its rules appear as a
          checklist; see <HelpLink to="rule-tracking">Tracking rule adherence</HelpLink>.
        </li>
        <li>
          <strong>Many trades:</strong> select rows in the trades table and assign the strategy in bulk.
        </li>
      </ul>
      <p>
        A trade has one strategy. To describe other aspects (market condition, catalyst) use{' '}
        <HelpLink to="tags-guide">tags</HelpLink>. Trades without a strategy stay visible as “no strategy”, which is
        itself a useful group: unplanned trades are often the expensive ones.
      </p>

      <h2>What you get per strategy</h2>
      <p>
        The playbook shows for each strategy its trades, net P&amp;L, expectancy, rule adherence and the effect of each
        rule. How to read these figures is explained in{' '}
        <HelpLink to="strategy-performance">Measuring strategy performance</HelpLink>.
      </p>

      <h2>Tips</h2>
      <ul>
        <li>
          Start with the two or three setups you trade most; add more when you catch yourself trading something new.
        </li>
        <li>
          Keep strategies distinct. If two differ only in the instrument, one strategy plus a tag is usually clearer.
        </li>
        <li>
          Review the playbook monthly. A strategy with a negative expectancy on a good sample needs changing or
          retiring.
        </li>
      </ul>
    </>
  );
}

export default {
  status: 'coming-soon',
  updated: HELP_ARTICLES_UPDATED,
  body: StrategySetupArticle,
} satisfies HelpArticleBody;
