import { Link } from 'wouter';
import { BROKER_FORMAT_TURNAROUND_HOURS, SAMPLE_FILE_ROWS } from '../../../core/config/operator';
import { SupportEmail, type HelpArticleBody } from './article-parts';

function CsvImportArticle() {
  return (
    <>
      <p>
        Import turns your broker’s file into executions (individual fills), and the journal groups them into trades.
      </p>

      <h2>Files you can import</h2>
      <ul>
        <li>CSV with any delimiter (comma, semicolon, tab or pipe), TSV, Excel .xlsx and .xls.</li>
        <li>Numbers (1.234,56 or (12.50)) and dates in your broker’s own format and time zone.</li>
      </ul>
      <p>
        The importer knows the layouts of the <Link href="/brokers">25 supported brokers</Link>; any other file goes
        through column detection.
      </p>

      <h2>Step by step</h2>
      <ol>
        <li>
          Open <strong>Import</strong> and choose the account the file belongs to, or create one.
        </li>
        <li>Drop the file on the page or choose it.</li>
        <li>
          <strong>What we found.</strong> The broker, encoding, delimiter, header row, date and number formats and time
          zone; you can change the date order and decimal separator.
        </li>
        <li>
          <strong>Columns.</strong> Each column shows sample values, its role and how sure the detector is; unsure ones
          come first and “AI suggested” marks a language model’s choice.
        </li>
        <li>
          <strong>Preview.</strong> The first executions as they will be imported, and any unreadable rows with the
          reason.
        </li>
        <li>
          <strong>Import.</strong> The button stays in view and counts what the file adds, such as{' '}
          <strong>Import 8 executions → 4 trades</strong>, leaving out executions the account already has. Over 5,000
          rows (by default), a file imports in the background with a progress bar; if it fails, everything it wrote is
          removed.
        </li>
      </ol>

      <h2>Splits, symbol changes and reinvestments</h2>
      <p>
        Schwab, Trading 212, BUX and Coinbase rows that change a position are applied: a split restates it, a symbol
        change moves it (found by either name), a reinvestment buys. The count names them (
        <strong>3 splits, 40 reinvestments</strong>) and any it cannot apply; the trade lists its{' '}
        <strong>Position events</strong>. Dividends are income, in net P&amp;L only when{' '}
        <strong>Settings → Dividends and rewards</strong> says so; a transfer in without a cost basis asks for one on
        its trade.
      </p>

      <h2>Re-importing is safe</h2>
      <p>
        Each execution gets a fingerprint: the broker’s execution id when the file has one, otherwise the fill’s
        content. Importing the same file twice, or overlapping exports, adds nothing (deleted ones included, while
        restorable).
      </p>

      <h2>Saved mappings and undo</h2>
      <ul>
        <li>
          When you change a column’s role, <strong>Remember these columns for files with the same header</strong> saves
          your mapping; the next file with that header gets it, and the page says it was applied.
        </li>
        <li>
          <strong>Import history</strong> lists every import. Undo takes out the executions it added; their trades wait
          30 days in <strong>Settings → Recently deleted</strong>. A file uploaded but not imported is deleted after 24
          hours.
        </li>
        <li>
          <strong>Download the Edgebook CSV template</strong>: it also carries stops, targets, strategy, tags, rating
          and notes. The Trades page’s CSV export of executions imports back as it was.
        </li>
      </ul>

      <h2>From executions to trades</h2>
      <p>
        A trade opens when a position leaves zero and closes when it returns to zero (first in, first out). Scale-ins
        and scale-outs stay in one trade; a reversal closes one trade and opens the next. Options use a multiplier of
        100 unless the file says otherwise, and expired options close at expiry with zero value.
      </p>

      <h2>Symbols as your broker writes them</h2>
      <p>
        Each execution keeps the symbol as your file wrote it (<code>MESH5</code>), while the journal shows the
        instrument in one form (<code>MES Mar 25</code>). The <strong>Symbol search</strong> on Trades finds a trade by
        the start of either, and a ticker finds its options and futures. Where the two differ, the trade’s window says{' '}
        <strong>In your broker’s file: MESH5</strong>.
      </p>

      <h2>Crypto fees</h2>
      <p>
        A fee paid in the coin traded changes the quantity; one paid in a third coin (BNB) is valued at the file’s
        nearest fill of it within 24 hours, or shown as “Fee not converted”.
      </p>

      <h2>Checking against the broker</h2>
      <p>
        Where a file carries the broker’s own realised P&amp;L or net amount, each fill keeps it.{' '}
        <strong>Settings → Accounts → Reconcile</strong> compares each day with the broker’s figure and names what
        explains a difference.
      </p>

      <h2>Broker not recognised?</h2>
      <p>
        Send us a sample of {SAMPLE_FILE_ROWS} rows with account numbers and personal details removed at{' '}
        <SupportEmail /> or through the <Link href="/contact">contact form</Link>. We aim to support a new broker format
        within {BROKER_FORMAT_TURNAROUND_HOURS} hours.
      </p>
    </>
  );
}

export default {
  status: 'available',
  updated: '2026-12-03',
  body: CsvImportArticle,
} satisfies HelpArticleBody;
