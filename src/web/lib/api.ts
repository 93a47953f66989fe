import { QueryClient, type QueryFunction } from '@tanstack/react-query';

/**
 * The seed's request rule (§7): credentials always sent, JSON in and out, and any non-success
 * status becomes an Error whose message is "status: body text" (or the status text if the body is
 * empty), so callers can look for codes such as INVALID_CREDENTIALS in the message.
 */
async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new Error(`${res.status}: ${text}`);
}

export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data === undefined ? {} : { 'Content-Type': 'application/json' },
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: 'include',
  });
  await throwIfNotOk(res);
  return res;
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default data query: joins the key's parts with "/" into the path and GETs it. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include' });
    if (options.on401 === 'returnNull' && res.status === 401) {
      await res.body?.cancel(); // an unread body keeps the request open in Chromium
      return null;
    }
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

/** The seed's data-fetching defaults: no retry, no refetch on focus, no polling, never stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
