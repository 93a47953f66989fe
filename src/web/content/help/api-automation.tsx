import { API_CURL_EXAMPLES } from '../../../contracts/api-examples';
import { DATE_RANGE_MEANING } from '../../../core/query';
import { Formula, Brand, SupportEmail, type HelpArticleBody } from './article-parts';

function ApiAutomationArticle() {
  return (
    <>
      <p>
        If you export your fills with a script, run your own trading software, or want your journal data in another
        tool, the <Brand /> API lets you automate it.
      </p>

      <h2>The API</h2>
      <h3>Create a token</h3>
      <ol>
        <li>
          Open <strong>Settings</strong> and go to <strong>API tokens</strong>. Give the token a name (“nightly export
          script”).
        </li>
        <li>
          Tick only the <strong>Scopes</strong> the script needs (<code>trades:read</code>, <code>trades:write</code>,{' '}
          <code>imports:write</code>, <code>analytics:read</code>, <code>reports:read</code>, <code>journal:read</code>,{' '}
          <code>journal:write</code>), choose when it <strong>expires</strong>, and select <strong>Create token</strong>
          .
        </li>
        <li>
          Copy the token (<strong>Copy token</strong>): it is shown once (we store only a hash). We e-mail you that it
          was created.
        </li>
      </ol>
      <p>Creating a token needs an active trial or subscription; after it you can still see and revoke tokens.</p>

      <h3>Use it</h3>
      <p>Send the token over HTTPS in the Authorization header of each request:</p>
      <Formula>{`Authorization: Bearer <your token>`}</Formula>
      <p>
        Every route, its parameters, answers and the scope it needs are described at <a href="/api/docs">/api/docs</a>{' '}
        (interactive) and <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1, for code generators). A token
        without the route’s scope is answered 403 with the scope it lacks. A token never reaches sign-in, passwords,
        two-factor, sessions, billing or the token settings, whatever its scopes (401).
      </p>
      <p>
        Each token may make 120 requests a minute (the operator may set another number). Every answer says where it
        stands in <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> and <code>RateLimit-Reset</code>{' '}
        (seconds until the count starts again); beyond it the answer is 429 with <code>Retry-After</code>.
      </p>

      <h3>Examples</h3>
      <p>
        With <code>EDGEBOOK_URL</code>, <code>EDGEBOOK_TOKEN</code> and <code>ACCOUNT_ID</code> set (our tests run these
        lines as written):
      </p>
      {API_CURL_EXAMPLES.map((example) => (
        <div key={example.title}>
          <h4>{example.title}</h4>
          <p>{example.explanation}</p>
          <Formula>{example.command}</Formula>
        </div>
      ))}

      <h3>Versions and deprecation</h3>
      <p>
        The API is versioned in its path (<code>/api/v1/…</code>). A breaking change only comes as a new version, and
        the old one keeps working for at least 12 months, its answers carrying <code>Deprecation</code> and{' '}
        <code>Sunset</code> headers. The full policy is at the top of <a href="/api/docs">/api/docs</a>.
      </p>

      <h3>Sending executions</h3>
      <p>
        Send fills, not round trips: they are grouped into trades as an import groups them. Include the broker’s
        execution id when you have it, so a resend never duplicates, and send times in UTC or with their offset.
      </p>

      <h3>Filtering trades</h3>
      <p>
        The trade list and its CSV export take one <code>filter</code>: URL-encoded JSON whose conditions all hold (each
        one’s type: <code>GET /api/trades/filter-schema</code>). {DATE_RANGE_MEANING}
      </p>

      <h3>What the API accepts</h3>
      <p>
        Texts may not contain control characters (notes, plans and reviews keep tabs and line breaks). Numbers travel as
        strings of digits such as <code>"1234.5"</code>: prices and fees at most 16 digits before the point and 8 after,
        quantities 18 and 12. Dates lie between 1970-01-01 and a year from now. A request that breaks a rule is answered
        400, nothing of it is stored, and <code>fields</code> names each wrong field:
      </p>
      <Formula>{`{ "error": "VALIDATION_ERROR", "message": "Invalid input: executions.3.price",
  "fields": { "executions.3.price": "At most 16 digits before the decimal point" } }`}</Formula>

      <h2>Keep tokens safe</h2>
      <ul>
        <li>One token per script, with the fewest scopes and an expiry; never commit one to a repository.</li>
        <li>Revoking a token in Settings → API tokens stops it at once.</li>
        <li>Changing or resetting your password revokes all of your tokens, and we e-mail you that it did.</li>
      </ul>
      <p>
        Creating a token is recorded in the audit log. Questions? Write to <SupportEmail />.
      </p>
    </>
  );
}

export default {
  status: 'available',
  updated: '2026-12-03',
  body: ApiAutomationArticle,
} satisfies HelpArticleBody;
