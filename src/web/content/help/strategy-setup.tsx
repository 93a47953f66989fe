import { HelpLink, type HelpArticleBody } from './article-parts';

function StrategySetupArticle() {
  return (
    <>
      <p>
        A strategy is one entry of your playbook: a setup you trade the same way each time. Giving every trade its
        strategy lets Edgebook show what each setup earns and whether you follow its rules. Strategies live on the{' '}
        <strong>Playbook</strong> page.
      </p>

      <h2>Create a strategy</h2>
      <ol>
        <li>
          Open <strong>Playbook</strong> in the menu, type a name under <strong>New strategy</strong> and select{' '}
          <strong>Create</strong>. Names are unique per user, whatever their case.
        </li>
        <li>
          The strategy’s own page opens. Under <strong>Strategy details</strong>, fill in what you want to keep with it,
          then select <strong>Save details</strong>.
        </li>
      </ol>

      <h2>The fields</h2>
      <ul>
        <li>
          <strong>Name</strong>, <strong>Timeframe</strong> (free text such as “5m” or “daily”) and{' '}
          <strong>Colour</strong>, used for its card and its equity curve.
        </li>
        <li>
          <strong>Markets</strong>: the asset classes it is meant for (stock, ETF, option, future, forex, crypto, CFD).
        </li>
        <li>
          <strong>Description</strong>, written in Markdown: headings, lists, bold and links are shown formatted above
          the form.
        </li>
        <li>
          <strong>Entry criteria</strong>, <strong>Exit criteria</strong> and <strong>Risk rules</strong>: plain text
          describing the plan. To check yourself trade by trade, also write them as rules; see{' '}
          <HelpLink to="strategy-rules">Writing strategy rules</HelpLink>.
        </li>
      </ul>
      <p>Example screenshots are not part of a strategy yet; attach screenshots to its trades instead.</p>

      <h2>Give trades the strategy</h2>
      <p>
        In a trade’s dialog, pick it under <strong>Strategy</strong>: the choice is saved at once and the strategy’s
        checklist appears below it. To set many trades at once, tick rows in the Trades table and use{' '}
        <strong>Set strategy…</strong>. An Edgebook CSV import with a strategy column also adds any name it does not
        know.
      </p>

      <h2>Duplicate, archive, delete</h2>
      <ul>
        <li>
          <strong>Duplicate</strong> copies the strategy’s fields and its current rules into a new strategy named “…
          (copy)”. Trades and rule answers are not copied.
        </li>
        <li>
          <strong>Archive</strong> hides the strategy from the strategy picker in the trade dialog. Its trades keep it,
          and it stays in the filters, Analytics and the Playbook page (tick <strong>Show archived</strong> there).{' '}
          <strong>Unarchive</strong> brings it back.
        </li>
        <li>
          <strong>Delete</strong> asks first, naming how many trades carry the strategy. Those trades are not deleted:
          they keep their P&L and journal and become “no strategy”. The strategy’s rules and the answers to them go with
          it. Through the API, <code>DELETE /api/strategies/:id</code> refuses with 409 until{' '}
          <code>?confirmTrades=</code> gives that same count.
        </li>
      </ul>
      <p>
        Next: <HelpLink to="rule-tracking">Tracking rule adherence</HelpLink> and{' '}
        <HelpLink to="strategy-performance">Measuring strategy performance</HelpLink>.
      </p>
    </>
  );
}

export default {
  status: 'available',
  updated: '2026-12-03',
  body: StrategySetupArticle,
} satisfies HelpArticleBody;
