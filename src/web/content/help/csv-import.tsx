import { Link } from 'wouter';
import { BROKER_FORMAT_TURNAROUND_HOURS, SAMPLE_FILE_ROWS } from '../../../core/config/operator';
import { HELP_ARTICLES_UPDATED, SupportEmail, type HelpArticleBody } from './article-parts';

function CsvImportArticle() {
  return (
    <>
      <p>
        Import turns the file your broker gives you into executions (individual fills), and the journal groups those
        executions into trades. You never need to reformat a file by hand.
      </p>

      <h2>Files you can import</h2>
      <ul>
        <li>CSV with any delimiter (comma, semicolon, tab or pipe), TSV, Excel .xlsx and .xls.</li>
        <li>UTF-8, UTF-16 or Windows-1252 text, with or without a byte-order mark.</li>
        <li>
          Files with lines before the header (account details, report titles) and total or footer lines after the data.
        </li>
        <li>
          Numbers such as 1,234.56, 1.234,56, (12.50) or $-12.50, and dates in your broker’s own format and time zone.
        </li>
      </ul>
      <p>
        Presets exist for the <Link href="/brokers">25 supported brokers</Link>; any other file goes through column
        detection.
      </p>

      <h2>Step by step</h2>
      <ol>
        <li>
          Open <strong>Import</strong> and choose the account the file belongs to. A new account asks for its broker,
          currency, starting balance and the time zone of its files.
        </li>
        <li>Drop the file or pick it. Large files stream with a progress bar.</li>
        <li>
          <strong>Detection.</strong> The importer recognises the broker, delimiter, header row, date and number
          conventions, and the role of each column (symbol, side, quantity, price, fees…). Each column gets a confidence
          score, and you are asked only about the columns it is unsure of.
        </li>
        <li>
          <strong>Preview.</strong> The first rows are shown as they will be imported, with problems highlighted. You
          can reassign any column.
        </li>
        <li>
          <strong>Import.</strong> The file is written in a single transaction, so an interrupted import never leaves
          half a file behind. The summary lists new executions, skipped duplicates and any rows that could not be read,
          with the row number and the reason, for example “row 14, Price: not a number”.
        </li>
      </ol>

      <h2>Re-importing is safe</h2>
      <p>
        Each execution gets a fingerprint: the broker’s execution id when the file has one, otherwise the fill’s content
        plus its position among identical rows. Importing the same file twice, or overlapping exports, adds nothing new,
        while two genuinely identical partial fills in the same second are both kept.
      </p>

      <h2>Templates and undo</h2>
      <ul>
        <li>
          A mapping you confirm is saved as a template and reused automatically when a file with the same header
          arrives.
        </li>
        <li>
          <strong>Import history</strong> lists every batch. Undo removes a batch and regroups your trades.
        </li>
      </ul>

      <h2>From executions to trades</h2>
      <p>
        A trade opens when a position leaves zero and closes when it returns to zero (first in, first out). Scale-ins
        and scale-outs stay in one trade; a reversal closes one trade and opens the next. Options use a multiplier of
        100 unless the file says otherwise, futures use their contract multiplier, and expired options close at expiry
        with zero value.
      </p>

      <h2>Crypto fees</h2>
      <p>
        Binance, Kraken and Coinbase files say which asset each fee was paid in. A fee paid in the coin traded (Binance
        takes a buy’s fee from the coin bought) reduces the quantity received, or adds to the quantity a sell gives up,
        and counts as a fee at the fill’s price. A fee paid in a third coin such as BNB is valued at the price of the
        file’s nearest fill of that coin against the same currency, within 24 hours; without one it stays in its own
        coin, is left out of Fees and Net, and the trade shows it as “Fee not converted”. When a sell leaves less than
        the smallest quantity the file trades in that pair, the leftover (dust) no longer keeps the trade open: the
        trade closes, shows the residual, and its P&amp;L is the cash that moved.
      </p>

      <h2>Checking against the broker’s own figures</h2>
      <p>
        Where a file carries the broker’s own realised P&amp;L or net amount per row (Trading 212, Interactive Brokers,
        BUX, Charles Schwab, Fidelity, Questrade, Wealthsimple), Edgebook keeps it with the fill. An account’s
        Reconciliation view (Settings → Accounts → Reconcile) compares each day’s realised P&amp;L with the broker’s,
        days with a difference nothing explains first, and names what it can: a fee one side lacks, an exchange rate, a
        contract multiplier, a fill missing from Edgebook, a day boundary in another time zone, or the broker’s average
        cost against Edgebook’s first-in-first-out lots. Each import’s page shows how many of its fills agree to the
        cent. Zerodha’s tradebook carries no such figures, so its days are not checked.
      </p>

      <h2>Exchange rates</h2>
      <p>
        A fill keeps the currency it was priced in. Where the file gives the rate to the account’s currency (Trading
        212, Interactive Brokers, BUX), the rate is kept with the fill, currency conversion fees count as fees, and a
        closed trade shows its P&amp;L in the account’s currency too, each fill at its own rate. The reconciliation also
        uses rates you upload as CSV (date, from, to, rate) through the API.
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
  status: 'coming-soon',
  updated: HELP_ARTICLES_UPDATED,
  body: CsvImportArticle,
} satisfies HelpArticleBody;
