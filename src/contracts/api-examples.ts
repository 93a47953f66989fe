/**
 * The curl lines of the help article `api-automation`, run in order against the app by
 * src/server/modules/api-docs/api-examples.int.test.ts with `EDGEBOOK_URL`, `EDGEBOOK_TOKEN` (a token
 * with every scope) and `ACCOUNT_ID` set, so the article shows only commands that work.
 */
/** How versions of the public API change and end (the OpenAPI document and the help article state it). */
export const API_DEPRECATION_POLICY =
  'The API is versioned in its path (`/api/v1/…`; the unversioned `/api/…` paths are the same routes and follow the latest version). A change that could break a script (a field removed or renamed, a stricter input rule, a different meaning) only ever comes in a new version, `/api/v2/…`. When it does, `/api/v1` keeps working for at least 12 months: its answers carry `Deprecation` and `Sunset` headers (RFC 9745, RFC 8594) with the date it stops, and an e-mail tells every user with an API token. Adding a field to an answer or a new optional parameter is not a breaking change: scripts should ignore fields they do not know.';

export type ApiCurlExample = { title: string; explanation: string; command: string };

export const API_CURL_EXAMPLES: readonly ApiCurlExample[] = [
  {
    title: 'List your accounts',
    explanation: 'Needs trades:read.',
    command: `curl -sf "$EDGEBOOK_URL/api/v1/accounts" \\
  -H "Authorization: Bearer $EDGEBOOK_TOKEN"`,
  },
  {
    title: 'Send executions',
    explanation: 'Needs trades:write. The answer counts the fills inserted and those skipped as already there.',
    command: `curl -sf -X POST "$EDGEBOOK_URL/api/v1/executions" \\
  -H "Authorization: Bearer $EDGEBOOK_TOKEN" \\
  -H "Content-Type: application/json" \\
  -d '{"accountId":"'"$ACCOUNT_ID"'","executions":[
        {"executedAt":"2025-01-02T14:30:00Z","symbol":"AAPL","side":"buy","quantity":"100","price":"187.25","brokerExecutionId":"ex-1"},
        {"executedAt":"2025-01-02T15:10:00Z","symbol":"AAPL","side":"sell","quantity":"100","price":"189.10","brokerExecutionId":"ex-2"}]}'`,
  },
  {
    title: 'Read the trades closed in January 2025',
    explanation: 'Needs trades:read. Follow nextCursor for the next page.',
    command: `curl -sfG "$EDGEBOOK_URL/api/v1/trades" \\
  -H "Authorization: Bearer $EDGEBOOK_TOKEN" \\
  -d from=2025-01-01 -d to=2025-01-31 -d limit=100`,
  },

  {
    title: 'See how many requests are left this minute',
    explanation: 'Any scope.',
    command: `curl -sf -D - -o /dev/null "$EDGEBOOK_URL/api/v1/tags" \\
  -H "Authorization: Bearer $EDGEBOOK_TOKEN" | grep -i '^ratelimit'`,
  },
];
