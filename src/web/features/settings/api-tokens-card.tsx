import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Copy, KeyRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import {
  API_TOKEN_SCOPES,
  type ApiTokenJson,
  type ApiTokenScope,
  type CreatedApiTokenJson,
} from '../../../contracts/trades';
import { formatDate } from '../../components/layout/app-shell';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { api, apiQuery, toApiError } from '../../lib/api';
import { toast } from '../../lib/use-toast';

export const TOKENS_KEY = ['/api/tokens'] as const;

const SCOPE_HINTS: Record<ApiTokenScope, string> = {
  'trades:read': 'List trades, accounts, tags and strategies',
  'trades:write': 'Add executions, edit and delete trades, accounts and tags',
  'imports:write': 'Upload broker files and commit imports',
  'analytics:read': 'Statistics, equity, calendar and breakdowns',
  'reports:read': 'CSV exports and reconciliation',
  'journal:read': 'Read the daily journal',
  'journal:write': 'Write the daily journal',
};
const READ_ONLY: ApiTokenScope[] = API_TOKEN_SCOPES.filter((scope) => scope.endsWith(':read'));

const EXPIRY_OPTIONS = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'never', label: 'No expiry' },
] as const;
type Expiry = (typeof EXPIRY_OPTIONS)[number]['value'];

/** The expiry a choice means, counted from now (ISO-8601); undefined for none. */
function toExpiresAt(expiry: Expiry, nowMs: number): string | undefined {
  return expiry === 'never' ? undefined : new Date(nowMs + Number(expiry) * 86_400_000).toISOString();
}

const isReadOnly = (scopes: readonly ApiTokenScope[]) => scopes.every((scope) => scope.endsWith(':read'));

/** Copies the new token, the one time it is shown; says so, or how to copy it by hand. */
function CopyTokenButton({ token }: { token: string }) {
  const [isCopied, setIsCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token);
      setIsCopied(true);
      setTimeout(() => setIsCopied(false), 1500);
      toast({ title: 'Token copied', description: 'Paste it where your script keeps its secrets.' });
    } catch {
      toast({ variant: 'destructive', title: 'Could not copy', description: 'Select the token and copy it.' });
    }
  };
  return (
    <Button variant="secondary" size="sm" className="mt-2" onClick={() => void copy()}>
      {isCopied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
      {isCopied ? 'Copied' : 'Copy token'}
    </Button>
  );
}

/** Settings → API: personal tokens for the public API, each read-only or read-write. */
export function ApiTokensCard({ timeZone }: { timeZone: string }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const { data, isLoading } = useQuery(apiQuery('GET /api/tokens'));
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>(READ_ONLY);
  const [expiry, setExpiry] = useState<Expiry>('90');
  const [error, setError] = useState<string | undefined>();
  const [created, setCreated] = useState<CreatedApiTokenJson | null>(null);

  const create = useMutation({
    mutationFn: async (body: { name: string; scopes: ApiTokenScope[]; expiresAt?: string }) =>
      api('POST /api/tokens', { body }),
    onSuccess: async (token) => {
      setCreated(token);
      setName('');
      await queryClient.invalidateQueries({ queryKey: TOKENS_KEY });
    },
    onError: (err) => setError(toApiError(err).message),
  });
  const revoke = useMutation({
    mutationFn: (token: ApiTokenJson) => api('DELETE /api/tokens/:id', { params: { id: token.id } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: TOKENS_KEY });
      toast({ title: 'Token revoked' });
    },
    onError: (err) =>
      toast({ variant: 'destructive', title: "Couldn't revoke the token", description: toApiError(err).message }),
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() === '') {
      setError('Name is required');
      return;
    }
    if (scopes.length === 0) {
      setError('Choose at least one scope');
      return;
    }
    setError(undefined);
    const expiresAt = toExpiresAt(expiry, Date.now());
    create.mutate({ name: name.trim(), scopes, ...(expiresAt ? { expiresAt } : {}) });
  };

  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold text-fg">
        <KeyRound className="h-5 w-5 text-accent" aria-hidden="true" />
        API tokens
      </h2>
      <p className="mt-1 text-sm text-muted">
        For scripts using the public API (<code>Authorization: Bearer eb_…</code>, see{' '}
        <a href="/api/docs" className="font-medium text-accent underline underline-offset-2">
          the API docs
        </a>
        ). A token reaches only the areas its scopes name, never your password, billing or these settings.
      </p>
      <form className="mt-4 grid max-w-md gap-4" onSubmit={onSubmit} aria-label="Create API token" noValidate>
        <TextField
          label="Token name"
          name="tokenName"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={error}
          disabled={create.isPending}
        />
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium text-fg">Scopes</legend>
          {API_TOKEN_SCOPES.map((scope) => (
            <label key={scope} className="flex items-start gap-2 text-sm text-fg">
              <input
                type="checkbox"
                name={`${ids}-scope`}
                value={scope}
                checked={scopes.includes(scope)}
                onChange={(e) =>
                  setScopes((old) => API_TOKEN_SCOPES.filter((s) => (s === scope ? e.target.checked : old.includes(s))))
                }
                className="mt-1"
              />
              <span>
                <code className="font-mono text-xs">{scope}</code>
                <span className="block text-xs text-muted">{SCOPE_HINTS[scope]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="grid gap-1.5">
          <label htmlFor={`${ids}-expiry`} className="text-sm font-medium text-fg">
            Expires after
          </label>
          <select
            id={`${ids}-expiry`}
            value={expiry}
            onChange={(e) => setExpiry(e.target.value as Expiry)} // the options are EXPIRY_OPTIONS' values
            className="block w-full rounded-lg border border-line bg-elevated px-3 py-2 text-sm text-fg"
          >
            {EXPIRY_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create token'}
          </Button>
        </div>
      </form>
      {created && (
        <div role="status" className="mt-4 rounded-lg border border-gain/40 bg-accent-soft px-3 py-2.5 text-sm text-fg">
          Copy “{created.name}” now ({created.scopes.join(', ')}); it is not shown again:
          <code className="mt-1 block break-all font-mono text-xs" data-testid="new-api-token">
            {created.token}
          </code>
          <CopyTokenButton token={created.token} />
        </div>
      )}
      <div className="mt-4">
        {isLoading ? (
          <p role="status" className="text-sm text-muted">
            Loading tokens...
          </p>
        ) : (data?.tokens.length ?? 0) === 0 ? (
          <p className="text-sm text-muted">No tokens yet.</p>
        ) : (
          <ul aria-label="API tokens">
            {data?.tokens.map((token) => (
              <li key={token.id} className="flex items-center gap-3 border-t border-line py-3 first:border-t-0">
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-semibold text-fg">
                    {token.name}{' '}
                    <span className="rounded-full border border-line px-2 py-0.5 text-xs font-medium text-muted">
                      {isReadOnly(token.scopes) ? 'Read only' : 'Read and write'}
                    </span>
                  </p>
                  <p className="mt-0.5 break-words text-xs text-muted" data-testid="token-scopes">
                    {token.scopes.join(', ')}
                  </p>
                  <p className="mt-0.5 text-xs text-muted">
                    <code>{token.prefix}…</code> · Created {formatDate(token.createdAt, timeZone)} ·{' '}
                    {token.expiresAt ? `Expires ${formatDate(token.expiresAt, timeZone)}` : 'No expiry'} ·{' '}
                    {token.lastUsedAt ? `Last used ${formatDate(token.lastUsedAt, timeZone)}` : 'Never used'}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => revoke.mutate(token)}
                  disabled={revoke.isPending}
                  aria-label={`Revoke ${token.name}`}
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
