import { DATE_RANGE_MEANING } from '../../../core/query';
import { Formula, Brand, SupportEmail, type HelpArticleBody } from './article-parts';

function ApiAutomationArticle() {
  return (
    <>
      <p>
        If you export your fills with a script, run your own trading software, or want your journal data in another
        tool, the <Brand /> API lets you automate it.
      </p>

      <p>
        Broker connections, which sync executions with no files, are not available yet: until they are, import a file or
        use the API described here.
      </p>
      <h2>The API</h2>
      <h3>Create a token</h3>
      <ol>
        <li>
          Open <strong>Settings</strong> and go to <strong>API tokens</strong>. Give the token a name (“nightly export
          script”).
        </li>
        <li>
          Choose its <strong>Access</strong>: <strong>Read only</strong> lists and exports trades, accounts, tags and
          strategies; <strong>Read and write</strong> also adds executions and edits and deletes trades. Select{' '}
          <strong>Create token</strong>.
        </li>
        <li>Copy the token. It is shown once; we store only a hashed version, so we cannot show it again.</li>
      </ol>
      <p>
        Creating a token needs an active trial or subscription. Once the trial has ended you can still see and revoke
        your tokens.
      </p>

      <h3>Use it</h3>
      <p>Send the token over HTTPS in the Authorization header of each request:</p>
      <Formula>{`Authorization: Bearer <your token>`}</Formula>
      <p>
        A token opens the paths under <code>/api/accounts</code>, <code>/api/executions</code>, <code>/api/trades</code>
        , <code>/api/tags</code> and <code>/api/strategies</code>: for example <code>GET /api/trades</code> and{' '}
        <code>GET /api/trades/list.csv</code> for your trades and <code>POST /api/executions</code> to send fills.
        Statistics, settings and billing answer only to a signed-in browser. There is no separate endpoint reference
        yet.
      </p>

      <h3>Sending executions</h3>
      <ul>
        <li>
          Send individual fills, not round trips: the journal groups them into trades exactly as it does for file
          imports.
        </li>
        <li>
          Include the broker’s execution id when you have it. It makes the fingerprint exact, so resending after a
          network error never creates duplicates.
        </li>
        <li>Include the time zone of your timestamps, or send them in UTC.</li>
        <li>
          A request that contains invalid rows reports each one with its position and reason, like the file importer.
        </li>
      </ul>

      <h3>Filtering trades</h3>
      <p>
        The trade list and its CSV export take one <code>filter</code>: URL-encoded JSON whose conditions all hold (each
        one’s type: <code>GET /api/trades/filter-schema</code>). {DATE_RANGE_MEANING}
      </p>

      <h3>What the API accepts</h3>
      <p>Every write, and the trade list’s filters, follow one set of rules; a file import applies them to each row.</p>
      <ul>
        <li>
          <strong>Text</strong> (names, symbols, tags, strategies, notes, plans) may not contain control characters:
          NUL, the other C0 and C1 control characters, or DEL. They are refused, not stripped. Notes, journal plans and
          reviews, strategy descriptions and messages keep tabs and line breaks.
        </li>
        <li>
          <strong>Numbers</strong> travel as strings of plain digits, such as <code>"1234.5"</code>. Prices, fees,
          commissions, multipliers, stops, targets, risk amounts and starting balances take at most 16 digits before the
          decimal point and 8 after it; quantities 18 and 12; the default risk per trade in your profile 12 and 8.
        </li>
        <li>
          <strong>Dates</strong> of executions, manual trades and journal days lie between 1970-01-01 and one year after
          the moment of the request. The trade list’s <code>from</code> and <code>to</code> filters take any date from
          1970 to the year 9999.
        </li>
      </ul>
      <p>
        A request that breaks a rule is answered with HTTP 400, and nothing of it is stored. The answer names each field
        that is wrong, an execution in a list by its position:
      </p>
      <Formula>{`{ "error": "VALIDATION_ERROR", "message": "Invalid input: executions.3.price",
  "fields": { "executions.3.price": "At most 16 digits before the decimal point" } }`}</Formula>
      <p>
        In a file import, a row that breaks a rule is listed in the preview with its row number and the reason, and is
        left out when you import the rest.
      </p>

      <h2>Keep tokens safe</h2>
      <ul>
        <li>Use one token per script, so you can revoke one without breaking the others.</li>
        <li>Never paste a token into a shared document or commit it to a code repository.</li>
        <li>
          Revoke a token you no longer use in <strong>Settings → API tokens</strong>; it stops working immediately.
        </li>
        <li>
          Changing or resetting your password revokes all of your tokens, as it signs out your sessions, and we e-mail
          you that it did. Create new tokens for your scripts afterwards.
        </li>
      </ul>
      <p>
        Security-relevant events, such as creating or revoking a token, are recorded in an audit log. Questions? Write
        to <SupportEmail />.
      </p>
    </>
  );
}

export default {
  status: 'available',
  updated: '2026-12-02',
  body: ApiAutomationArticle,
} satisfies HelpArticleBody;
