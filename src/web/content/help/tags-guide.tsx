import { HELP_ARTICLES_UPDATED, HelpLink, Table, type HelpArticleBody } from './article-parts';

function TagsGuideArticle() {
  return (
    <>
      <p>
        Tags are labels you attach to trades: the setup, the market condition, the mistake you made, anything you want
        to analyse later. You can create as many as you like, and every tag becomes a way to filter and break down your
        results.
      </p>

      <h2>Tags, strategies and mistakes</h2>
      <Table
        head={['Field', 'Use it for', 'Per trade']}
        rows={[
          ['Strategy', 'The playbook entry the trade followed, with its rules', 'One'],
          ['Tags', 'Any descriptor: “gap up”, “news”, “A+ setup”, “FOMC day”', 'As many as you like'],
          ['Mistakes', 'What went wrong: “chased entry”, “moved stop”, “oversized”', 'As many as apply'],
        ]}
      />

      <h2>Create and organise tags</h2>
      <ul>
        <li>Each tag has a name and a colour, so it stands out in the trades table.</li>
        <li>
          Tags can belong to an optional <strong>group</strong>, such as “setup”, “market condition” or “mistake”.
          Groups keep a long list tidy and let you break down results by one group at a time.
        </li>
      </ul>

      <h2>Tag your trades</h2>
      <ol>
        <li>
          <strong>One trade:</strong> open it from the trades table and add tags in the trade edit form.
        </li>
        <li>
          <strong>Many trades:</strong> select several rows in the trades table and use bulk tag assignment. Handy after
          an import: filter on a symbol or a day, select all, tag.
        </li>
      </ol>

      <h2>Use tags in analysis</h2>
      <ul>
        <li>The trades table has a quick filter by tag.</li>
        <li>Analytics breaks down net P&amp;L, win rate and expectancy by tag, each with its sample size.</li>
        <li>
          In <HelpLink to="condition-filters">Advanced Reports</HelpLink>, a tag filter has three modes: trades with{' '}
          <em>any</em> of the chosen tags, with <em>all</em> of them, or with <em>none</em> of them. “None” is the
          quickest way to see how you trade without a habit.
        </li>
        <li>
          The <HelpLink to="ai-analysis">AI assistant</HelpLink> understands tag names: “What is my expectancy on trades
          tagged news?”
        </li>
      </ul>

      <h2>A tagging system that lasts</h2>
      <ul>
        <li>
          <strong>Decide the vocabulary first.</strong> “Gap-up”, “gapup” and “gap up” are three different tags; pick
          one spelling.
        </li>
        <li>
          <strong>Tag facts, not feelings.</strong> “Entered before the 5-minute close” is useful in a year; “bad trade”
          is not. Use the rating and emotion fields for how you felt.
        </li>
        <li>
          <strong>Keep each group small.</strong> Ten setup tags you use consistently beat fifty you use once.
        </li>
        <li>
          <strong>Tag on the day.</strong> Reviewing your trades each evening in the{' '}
          <HelpLink to="daily-journal">daily journal</HelpLink> keeps tags accurate while you still remember.
        </li>
      </ul>
    </>
  );
}

export default {
  status: 'coming-soon',
  updated: HELP_ARTICLES_UPDATED,
  body: TagsGuideArticle,
} satisfies HelpArticleBody;
