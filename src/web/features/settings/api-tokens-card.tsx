import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { ApiTokenJson, ApiTokenScope, CreatedApiTokenJson } from '../../../contracts/trades';
import { formatDate } from '../../components/layout/app-shell';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { api, apiQuery, toApiError } from '../../lib/api';
import { toast } from '../../lib/use-toast';

export const TOKENS_KEY = ['/api/tokens'] as const;

type Access = 'read' | 'read-write';
const SCOPES_OF: Record<Access, ApiTokenScope[]> = { read: ['read'], 'read-write': ['read', 'write'] };
const ACCESS_OPTIONS: { value: Access; label: string; hint: string }[] = [
  { value: 'read', label: 'Read only', hint: 'List and export trades, accounts, tags and strategies.' },
  { value: 'read-write', label: 'Read and write', hint: 'Also add executions, edit and delete trades.' },
];

const toAccessLabel = (scopes: readonly ApiTokenScope[]) => (scopes.includes('write') ? 'Read and write' : 'Read only');

/** Settings → API: personal tokens for the public API, each read-only or read-write. */
export function ApiTokensCard({ timeZone }: { timeZone: string }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const { data, isLoading } = useQuery(apiQuery('GET /api/tokens'));
  const [name, setName] = useState('');
  const [access, setAccess] = useState<Access>('read');
  const [error, setError] = useState<string | undefined>();
  const [created, setCreated] = useState<CreatedApiTokenJson | null>(null);

  const create = useMutation({
    mutationFn: async (body: { name: string; scopes: ApiTokenScope[] }) => api('POST /api/tokens', { body }),
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
    setError(undefined);
    create.mutate({ name: name.trim(), scopes: SCOPES_OF[access] });
  };

  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold text-fg">
        <KeyRound className="h-5 w-5 text-accent" aria-hidden="true" />
        API tokens
      </h2>
      <p className="mt-1 text-sm text-muted">
        For scripts using the public API (<code>Authorization: Bearer eb_…</code>). A read-only token cannot change
        anything.
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
          <legend className="text-sm font-medium text-fg">Access</legend>
          {ACCESS_OPTIONS.map((option) => (
            <label key={option.value} className="flex items-start gap-2 text-sm text-fg">
              <input
                type="radio"
                name={`${ids}-access`}
                value={option.value}
                checked={access === option.value}
                onChange={() => setAccess(option.value)}
                className="mt-1"
              />
              <span>
                {option.label}
                <span className="block text-xs text-muted">{option.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create token'}
          </Button>
        </div>
      </form>
      {created && (
        <div role="status" className="mt-4 rounded-lg border border-gain/40 bg-accent-soft px-3 py-2.5 text-sm text-fg">
          Copy “{created.name}” now ({toAccessLabel(created.scopes).toLowerCase()}); it is not shown again:
          <code className="mt-1 block break-all font-mono text-xs" data-testid="new-api-token">
            {created.token}
          </code>
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
                      {toAccessLabel(token.scopes)}
                    </span>
                  </p>
                  <p className="mt-0.5 text-xs text-muted">
                    <code>{token.prefix}…</code> · Created {formatDate(token.createdAt, timeZone)} ·{' '}
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
