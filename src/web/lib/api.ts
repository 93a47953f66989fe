import { QueryClient, queryOptions, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { API_ROUTES, apiErrorJsonSchema, type NonJsonAnswer } from '../../contracts/routes';

// ---------------------------------------------------------------------------------------------
// Errors

/**
 * A non-success answer. Its message is the seed's (§7): the status, a colon, then the body text (or
 * the status text when the body is empty), so code that looks for a code such as
 * INVALID_CREDENTIALS in the message keeps working. `code`, `userMessage` and `fields` are the
 * server's `{ error, message, fields? }` body, when it sent one.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: string | null;
  /** The server's message for people; null when the body was not the API's error body. */
  readonly userMessage: string | null;
  readonly fields: Readonly<Record<string, string>>;

  constructor(
    readonly status: number,
    bodyText: string,
  ) {
    super(`${status}: ${bodyText}`);
    const body = apiErrorJsonSchema.safeParse(parseJsonOrNull(bodyText));
    this.code = body.success ? body.data.error : null;
    this.userMessage = body.success && body.data.message.trim() !== '' ? body.data.message : null;
    this.fields = body.success ? (body.data.fields ?? {}) : {};
  }
}

function parseJsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The ApiError of a non-success answer (seed §7: the body text, or the status text if it is empty). */
export function toApiErrorOf(status: number, bodyText: string, statusText: string): ApiError {
  return new ApiError(status, bodyText || statusText);
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  throw toApiErrorOf(res.status, await res.text(), res.statusText);
}

/** A failed API call as the pages show it: the server's code, message and per-field messages. */
export type ApiFailure = {
  status: number | null;
  code: string | null;
  message: string;
  fields: Record<string, string>;
};

const GENERIC_ERROR = 'Something went wrong. Please try again.';

/** What a page shows for any failure: the server's words for an ApiError, `fallback` for anything else. */
export function toApiError(err: unknown, fallback = GENERIC_ERROR): ApiFailure {
  if (!(err instanceof ApiError)) return { status: null, code: null, message: fallback, fields: {} };
  return { status: err.status, code: err.code, message: err.userMessage ?? fallback, fields: { ...err.fields } };
}

// ---------------------------------------------------------------------------------------------
// Types from the route table (src/contracts/routes.ts)

type Routes = typeof API_ROUTES;
type RouteKey = keyof Routes;
type PathOf<K extends RouteKey> = K extends `${string} ${infer P}` ? P : never;
type MethodOf<K extends RouteKey> = K extends `${infer M} ${string}` ? M : never;

/** `'/api/trades/:id/screenshots'` → `'id'`. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type Responses<K extends RouteKey> = Routes[K]['responses'];
type DataOf<A> = A extends z.ZodType ? z.output<A> : A extends 'empty' ? undefined : never;

/** What a call answers, by status (only the statuses the route declares). */
export type ApiAnswer<K extends RouteKey> = {
  [S in keyof Responses<K>]: { status: S; data: DataOf<Responses<K>[S]> };
}[keyof Responses<K>];

/** The data of any success answer. */
export type ApiData<K extends RouteKey> = ApiAnswer<K>['data'];

/** Routes the client calls: those that answer JSON or nothing (files and redirects are navigations). */
export type ApiRoute = {
  [K in RouteKey]: Exclude<Responses<K>[keyof Responses<K>], Exclude<NonJsonAnswer, 'empty'>> extends never ? never : K;
}[RouteKey];

type BodyArgs<K extends RouteKey> = Routes[K] extends { body: infer B }
  ? B extends 'multipart'
    ? { form: FormData }
    : B extends z.ZodType
      ? { body: z.input<B> }
      : object
  : object;

type ParamArgs<K extends RouteKey> = [ParamNames<PathOf<K>>] extends [never]
  ? object
  : { params: Record<ParamNames<PathOf<K>>, string> };

/**
 * What a call sends: path parameters, a JSON body or a form, and the query string (the trade
 * filter's URL form comes ready-made from core/query, so it is taken as search parameters).
 */
export type ApiArgs<K extends RouteKey> = ParamArgs<K> & BodyArgs<K> & { search?: URLSearchParams | string };
type ArgsTuple<K extends RouteKey> = object extends ApiArgs<K> ? [args?: ApiArgs<K>] : [args: ApiArgs<K>];

// ---------------------------------------------------------------------------------------------
// Calls

type LooseArgs = {
  params?: Record<string, string>;
  body?: unknown;
  form?: FormData;
  search?: URLSearchParams | string;
};

const methodOf = <K extends RouteKey>(key: K) => key.slice(0, key.indexOf(' ')) as MethodOf<K>; // the key's own prefix

/** The URL of a route with its parameters and query string (also a download link's href). */
export function apiUrl<K extends RouteKey>(key: K, ...[args]: ArgsTuple<K>): string {
  const loose: LooseArgs = args ?? {};
  const path = key
    .slice(key.indexOf(' ') + 1)
    .replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(loose.params?.[name] ?? ''));
  const search = loose.search === undefined ? '' : loose.search.toString();
  return search ? `${path}?${search}` : path;
}

/** The seed's request rule (§7): credentials always sent, JSON in and out, a failure is an ApiError. */
async function send(method: string, url: string, loose: LooseArgs): Promise<Response> {
  const isJson = loose.body !== undefined;
  const res = await fetch(url, {
    method,
    headers: isJson ? { 'Content-Type': 'application/json' } : {},
    body: isJson ? JSON.stringify(loose.body) : loose.form,
    credentials: 'include',
  });
  await throwIfNotOk(res);
  return res;
}

/**
 * A successful answer's body as its route declares it. The server's answers are checked against
 * the same table by every integration test (test/helpers/contract-check.ts), so the browser does
 * not parse them again (an equity curve or a 500-trade page would pay for it on every load).
 */
export function readAnswer<K extends RouteKey>(key: K, status: number, text: string): ApiAnswer<K> {
  const data: unknown = text === '' ? undefined : JSON.parse(text);
  return { status, data } as ApiAnswer<K>; // the route table's type for this route; see above
}

/**
 * Sends a form over XMLHttpRequest, which (unlike fetch) reports upload progress as a fraction.
 * Rejects with an ApiError as `api` does, or an Error when the connection fails.
 */
export function apiUpload<K extends ApiRoute>(
  key: K,
  args: ApiArgs<K> & { form: FormData },
  onProgress: (fraction: number) => void,
): Promise<ApiData<K>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(methodOf(key), apiUrl(key, ...([args] as ArgsTuple<K>)));
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300)
        return reject(toApiErrorOf(xhr.status, xhr.responseText, xhr.statusText));
      try {
        resolve(readAnswer(key, xhr.status, xhr.responseText).data);
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    };
    xhr.onerror = () => reject(new Error('The upload failed: check your connection and try again.'));
    xhr.send(args.form);
  });
}

/** Calls a route and answers its status and typed data (for routes with more than one success). */
export async function apiAnswer<K extends ApiRoute>(key: K, ...[args]: ArgsTuple<K>): Promise<ApiAnswer<K>> {
  const res = await send(methodOf(key), apiUrl(key, ...([args] as ArgsTuple<K>)), args ?? {});
  return readAnswer(key, res.status, res.status === 204 ? '' : await res.text());
}

/** Calls a route and answers its typed data. */
export async function api<K extends ApiRoute>(key: K, ...args: ArgsTuple<K>): Promise<ApiData<K>> {
  return (await apiAnswer(key, ...args)).data;
}

/**
 * Query options for a GET route: the key is the URL unless given (pages that invalidate a family
 * of queries by its first part give their own).
 */
export function apiQuery<K extends ApiRoute & `GET ${string}`>(key: K, ...[options]: QueryArgsTuple<K>) {
  const { queryKey, ...args } = options ?? {};
  const call = [args] as ArgsTuple<K>; // the same arguments, without the query's own option
  return queryOptions({
    queryKey: queryKey ?? [apiUrl(key, ...call)],
    queryFn: () => api(key, ...call),
  });
}

type QueryArgs<K extends RouteKey> = ApiArgs<K> & { queryKey?: QueryKey };
type QueryArgsTuple<K extends RouteKey> =
  object extends ApiArgs<K> ? [options?: QueryArgs<K>] : [options: QueryArgs<K>];

/** GET /api/auth/user, with a 401 as "not signed in" (null) rather than a failure (seed §7). */
export async function getCurrentUserOrNull(): Promise<ApiData<'GET /api/auth/user'> | null> {
  const res = await fetch(apiUrl('GET /api/auth/user'), { credentials: 'include' });
  if (res.status === 401) {
    await res.body?.cancel(); // an unread body keeps the request open in Chromium
    return null;
  }
  await throwIfNotOk(res);
  return readAnswer('GET /api/auth/user', res.status, await res.text()).data;
}

/** The seed's default data query: joins the key's parts with "/" into the path and GETs it. */
const defaultQueryFn: QueryFunction = async ({ queryKey }) => {
  const res = await fetch(queryKey.join('/'), { credentials: 'include' });
  await throwIfNotOk(res);
  return (await res.json()) as unknown;
};

/** The seed's data-fetching defaults: no retry, no refetch on focus, no polling, never stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
