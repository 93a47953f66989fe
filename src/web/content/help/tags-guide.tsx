import { HelpLink, type HelpArticleBody } from './article-parts';

function TagsGuideArticle() {
  return (
    <>
      <p>
        Tags are labels you attach to trades: the setup, the market condition, the mistake you made, anything you want
        to compare later. There is no limit on how many you create, and every tag becomes a filter on the Trades and
        Analytics pages and a group in the Analytics breakdown.
      </p>

      <h2>Tags, strategies and mistakes</h2>
      <p>
        A trade has one <strong>Strategy</strong> and any number of tags. The trade dialog also has{' '}
        <strong>Mistakes</strong> and <strong>Emotions</strong> fields (free text, separated by commas) and a{' '}
        <strong>Rating</strong> from 1 to 5. Only strategies and tags can be filtered and broken down today, so put
        anything you want to measure into a tag.
      </p>

      <h2>Create and organise tags</h2>
      <ul>
        <li>
          Create a tag in a trade’s dialog: type its name in <strong>New tag</strong>. It is added to the trade and to
          your list.
        </li>
        <li>
          <strong>Settings → Tags</strong> lists every tag with the number of trades that carry it. There you can edit a
          tag’s name, colour and <strong>Group</strong> (such as setup or mistake), merge one tag into another, or
          delete it; deleting takes the tag off its trades and keeps the trades.
        </li>
        <li>
          An Edgebook CSV import can carry tags in its tags column; tags are matched by name, and new names are created.
        </li>
      </ul>

      <h2>Tag your trades</h2>
      <ul>
        <li>
          <strong>One trade:</strong> open it from the Trades table and switch tags on or off in its dialog, then{' '}
          <strong>Save</strong>.
        </li>
        <li>
          <strong>Many trades:</strong> tick rows in the Trades table (or the box in the header for all of them) and use{' '}
          <strong>Add tag…</strong> in the bar that appears; the same bar sets a strategy or deletes trades. Handy after
          an import: filter on a symbol or a date range, select all, tag.
        </li>
      </ul>

      <h2>Delete trades, and undo</h2>
      <ul>
        <li>
          Delete one trade with <strong>Delete</strong> in its dialog, or many by ticking them and choosing{' '}
          <strong>Delete</strong> in the bar. Their executions go with them, out of the list, analytics, the calendar
          and exports.
        </li>
        <li>
          A toast offers <strong>Undo</strong> for 10 seconds: it brings back exactly what was deleted, with the same
          notes, tags, stop, target, strategy, rating and screenshots.
        </li>
        <li>
          After that, deleted trades wait 30 days in <strong>Settings → Recently deleted</strong>, which shows each
          one&apos;s symbol, dates, net P&amp;L and days left; restore one, or all of them. After 30 days they are
          deleted for good.
        </li>
      </ul>

      <h2>Use tags in analysis</h2>
      <ul>
        <li>
          The <strong>Tags</strong> filter on the Trades and Analytics pages keeps trades that carry any of the tags you
          choose.
        </li>
        <li>
          In Analytics, <strong>Breakdown</strong> by <strong>Tag</strong> shows trades, win rate, net P&amp;L, average
          R, profit factor and expectancy for each tag, and an Untagged group. A trade with two tags counts in both.
        </li>
        <li>
          Keep the filtered view: the filters live in the page address, so a bookmark reopens it. The Trades page’s{' '}
          <strong>Export</strong> menu downloads the filtered trades as CSV, tags included.
        </li>
      </ul>

      <h2>A tagging system that lasts</h2>
      <ul>
        <li>
          <strong>Decide the vocabulary first.</strong> “Gap-up”, “gapup” and “gap up” are three different tags; pick
          one spelling, and merge the others in Settings.
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
  status: 'available',
  updated: '2026-12-02',
  body: TagsGuideArticle,
} satisfies HelpArticleBody;
