import { HELP_ARTICLES_UPDATED, Formula, HelpLink, type HelpArticleBody } from './article-parts';

function AiInsightsArticle() {
  return (
    <>
      <p>
        Insights are short findings the journal surfaces on its own, such as “Your best hour is 10:00–11:00” or
        “Breakouts lose money on Fridays”. Finding patterns in trading data is easy; most of them are noise. This
        article explains what an insight has to pass before you see it.
      </p>

      <h2>What insights look at</h2>
      <ul>
        <li>best and worst hour of entry and weekday;</li>
        <li>best and worst symbols and strategies;</li>
        <li>
          behavioural patterns such as revenge trading and overtrading (see{' '}
          <HelpLink to="ai-patterns">Pattern detection</HelpLink>).
        </li>
      </ul>

      <h2>The three tests</h2>
      <h3>1. A minimum sample</h3>
      <p>
        A group needs enough trades before it is considered at all. Five trades at one hour can show a 100% win rate by
        pure chance; such groups are skipped.
      </p>

      <h3>2. A confidence interval</h3>
      <p>Every figure comes with a 95% confidence interval. For expectancy it is approximately</p>
      <Formula>{`mean ± 1.96 × stdev ÷ √n`}</Formula>
      <p>
        so it narrows as trades accumulate. An insight is only reported when the interval of the group is clearly
        separated from your overall result, not when the two merely differ.
      </p>

      <h3>3. A correction for multiple comparisons</h3>
      <p>
        Looking at 24 hours, 5 weekdays, dozens of symbols and several strategies means hundreds of comparisons. At a 5%
        error rate, a few will look remarkable by luck alone. The journal tightens the threshold according to the number
        of comparisons it made, so a “best” or “worst” label means the difference survives that search.
      </p>

      <h2>Reading an insight</h2>
      <p>Each insight states:</p>
      <ul>
        <li>the finding in one sentence;</li>
        <li>the figures for the group and your baseline, with their number of trades;</li>
        <li>the confidence interval;</li>
        <li>a link to the report with the trades behind it.</li>
      </ul>
      <p>
        Example: “Entries between 10:00 and 11:00: 64 trades, expectancy +0.52R (95% interval +0.21R to +0.83R), against
        +0.12R over all trades.”
      </p>

      <h2>When there are no insights</h2>
      <p>
        An empty list is an honest result: no pattern in your trades is strong enough yet. Keep logging; insights appear
        as your sample grows. Until then, <HelpLink to="advanced-reports">Advanced Reports</HelpLink> let you explore
        freely, with each figure’s sample size shown.
      </p>

      <h2>Good habits</h2>
      <ul>
        <li>Treat an insight as a hypothesis. Check the trades and your notes before changing how you trade.</li>
        <li>Confirm on new data: if the pattern still holds a month later, it is probably real.</li>
        <li>Insights describe your history; they do not predict the market and are not financial advice.</li>
      </ul>
    </>
  );
}

export default {
  status: 'coming-soon',
  updated: HELP_ARTICLES_UPDATED,
  body: AiInsightsArticle,
} satisfies HelpArticleBody;
