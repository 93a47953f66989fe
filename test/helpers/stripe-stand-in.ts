import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback stand-in for the few Stripe API endpoints the Stripe provider calls, so tests run the
 * real `stripe` SDK over real HTTP with no outside service. It keeps customers, Checkout Sessions
 * and subscriptions in memory, answers in Stripe's shapes (API version 2025-03-31 and later: the
 * period end lives on subscription items; an invoice names its subscription under `parent`), checks
 * the bearer key, and records every request. Test helpers play Stripe's part: completing a
 * checkout, changing a subscription, building events.
 */

export type FormObject = { [key: string]: FormValue };
export type FormValue = string | FormValue[] | FormObject;

export type RecordedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The form-encoded body, with `a[b][0][c]` keys nested the way Stripe reads them. */
  body: FormObject;
  headers: IncomingHttpHeaders;
  status: number;
};

export type StandInCustomer = {
  id: string;
  object: 'customer';
  email: string | null;
  created: number;
  livemode: false;
};

export type StandInCheckoutSession = {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  url: string | null;
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  subscription: string | null;
  success_url: string;
  cancel_url: string | null;
  payment_method_collection: string | null;
  metadata: Record<string, string>;
  /** Kept to create the subscription when the checkout completes; real sessions do not echo it back. */
  line_items_requested: { price: string; quantity: number }[];
  subscription_data_requested: FormObject;
  created: number;
  livemode: false;
};

export type StandInSubscriptionItem = {
  id: string;
  object: 'subscription_item';
  subscription: string;
  price: { id: string; object: 'price'; recurring: { interval: Interval; interval_count: 1 } };
  quantity: number;
  current_period_start: number;
  current_period_end: number;
  created: number;
};

export type StandInSubscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'trialing' | 'active' | 'past_due' | 'unpaid' | 'canceled' | 'incomplete' | 'incomplete_expired' | 'paused';
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  trial_start: number | null;
  trial_end: number | null;
  start_date: number;
  created: number;
  metadata: Record<string, string>;
  items: { object: 'list'; data: StandInSubscriptionItem[]; has_more: false; total_count: number; url: string };
  livemode: false;
};

type Interval = 'month' | 'year';
type Reply = { status: number; body: unknown };

const DAY_S = 24 * 60 * 60;
const PERIOD_S: Record<Interval, number> = { month: 30 * DAY_S, year: 365 * DAY_S };

const makeId = (prefix: string) => `${prefix}_test_${randomBytes(8).toString('hex')}`;

const stripeError = (status: number, message: string, extra: Record<string, string> = {}): Reply => ({
  status,
  body: { error: { type: 'invalid_request_error', message, ...extra } },
});
const noSuch = (kind: string, id: string): Reply =>
  stripeError(404, `No such ${kind}: '${id}'`, { code: 'resource_missing', param: 'id' });

/** Nests `a[b][0][c]=v` form keys into objects, turning all-numeric keys into arrays, as Stripe does. */
export function parseStripeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: FormObject = root;
    path.forEach((segment, i) => {
      const name = segment === '' ? String(Object.keys(node).length) : segment; // `expand[]` appends
      if (i === path.length - 1) {
        node[name] = value;
        return;
      }
      const next = node[name];
      if (typeof next === 'object' && !Array.isArray(next)) node = next;
      else node = node[name] = {};
    });
  }
  return toArrays(root) as FormObject; // the root's keys are field names, never all numeric
}

function toArrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((k) => [k, toArrays(value[k]!)] as const); // k comes from Object.keys
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

const field = (body: FormObject, name: string): string | undefined => {
  const value = body[name];
  return typeof value === 'string' ? value : undefined;
};
const objectField = (body: FormObject, name: string): FormObject => {
  const value = body[name];
  return typeof value === 'object' && !Array.isArray(value) ? value : {};
};
const listField = (body: FormObject, name: string): FormObject[] => {
  const value = body[name];
  return Array.isArray(value) ? value.filter((v): v is FormObject => typeof v === 'object' && !Array.isArray(v)) : [];
};

export type StripeStandInParams = {
  secretKey: string;
  /** The prices that exist in this "account", with their billing interval. */
  prices: Record<string, Interval>;
  /** Unix seconds; defaults to the system clock. */
  now?: () => number;
};

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

export async function startStripeStandIn(params: StripeStandInParams) {
  const now = params.now ?? (() => Math.floor(Date.now() / 1000));
  const customers = new Map<string, StandInCustomer>();
  const sessions = new Map<string, StandInCheckoutSession>();
  const subscriptions = new Map<string, StandInSubscription>();
  const requests: RecordedRequest[] = [];
  const overrides: { method: string; path: string; reply: Reply }[] = [];
  let baseUrl = '';

  function createCustomer(email: string | null): StandInCustomer {
    const customer: StandInCustomer = { id: makeId('cus'), object: 'customer', email, created: now(), livemode: false };
    customers.set(customer.id, customer);
    return customer;
  }

  function createCheckoutSession(body: FormObject): Reply {
    const mode = field(body, 'mode');
    const successUrl = field(body, 'success_url');
    const customer = field(body, 'customer') ?? null;
    const customerEmail = field(body, 'customer_email') ?? null;
    const lineItems = listField(body, 'line_items').map((item) => ({
      price: field(item, 'price') ?? '',
      quantity: Number(field(item, 'quantity') ?? '1'),
    }));
    if (!mode) return stripeError(400, 'Missing required param: mode.', { param: 'mode' });
    if (mode !== 'subscription')
      return stripeError(400, `The stand-in only supports mode=subscription, not ${mode}.`, { param: 'mode' });
    if (!successUrl) return stripeError(400, 'Missing required param: success_url.', { param: 'success_url' });
    if (customer && customerEmail)
      return stripeError(400, 'You may only specify one of these parameters: customer, customer_email.');
    if (customer && !customers.has(customer)) return noSuch('customer', customer);
    if (lineItems.length === 0) return stripeError(400, 'Missing required param: line_items.', { param: 'line_items' });
    const unknownPrice = lineItems.find((item) => !(item.price in params.prices));
    if (unknownPrice)
      return stripeError(400, `No such price: '${unknownPrice.price}'`, {
        code: 'resource_missing',
        param: 'line_items[0][price]',
      });
    const id = makeId('cs');
    const session: StandInCheckoutSession = {
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: 'unpaid',
      url: `${baseUrl}/c/pay/${id}`,
      client_reference_id: field(body, 'client_reference_id') ?? null,
      customer,
      customer_email: customerEmail,
      subscription: null,
      success_url: successUrl,
      cancel_url: field(body, 'cancel_url') ?? null,
      payment_method_collection: field(body, 'payment_method_collection') ?? null,
      metadata: stringRecord(objectField(body, 'metadata')),
      line_items_requested: lineItems,
      subscription_data_requested: objectField(body, 'subscription_data'),
      created: now(),
      livemode: false,
    };
    sessions.set(id, session);
    return { status: 200, body: session };
  }

  function updateSubscriptionFromApi(id: string, body: FormObject): Reply {
    const sub = subscriptions.get(id);
    if (!sub) return noSuch('subscription', id);
    if (sub.status === 'canceled')
      return stripeError(400, 'A canceled subscription can only update its cancellation_details and metadata.');
    const cancel = field(body, 'cancel_at_period_end');
    if (cancel !== undefined) {
      sub.cancel_at_period_end = cancel === 'true';
      sub.cancel_at = sub.cancel_at_period_end ? Math.max(...sub.items.data.map((i) => i.current_period_end)) : null;
    }
    for (const change of listField(body, 'items')) {
      const item = sub.items.data.find((i) => i.id === field(change, 'id'));
      if (!item)
        return stripeError(400, `Subscription item ${field(change, 'id') ?? '(none)'} is not on ${id}`, {
          param: 'items',
        });
      const priceId = field(change, 'price');
      if (priceId) {
        const interval = params.prices[priceId];
        if (!interval) return stripeError(400, `No such price: '${priceId}'`, { code: 'resource_missing' });
        item.price = toPrice(priceId, interval);
      }
    }
    return { status: 200, body: sub };
  }

  function route(method: string, path: string, body: FormObject): Reply {
    const override = overrides.findIndex((o) => o.method === method && o.path === path);
    if (override >= 0) return overrides.splice(override, 1)[0]!.reply; // findIndex found it
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') return createCheckoutSession(body);
    if (method === 'GET' && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
      const session = sessions.get(m[1]!);
      return session ? { status: 200, body: session } : noSuch('checkout.session', m[1]!);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = field(body, 'customer');
      if (!customer) return stripeError(400, 'Missing required param: customer.', { param: 'customer' });
      if (!customers.has(customer)) return noSuch('customer', customer);
      const id = makeId('bps');
      return {
        status: 200,
        body: {
          id,
          object: 'billing_portal.session',
          customer,
          return_url: field(body, 'return_url') ?? null,
          url: `${baseUrl}/p/session/${id}`,
          created: now(),
          livemode: false,
        },
      };
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const customer = customers.get(m[1]!);
      return customer ? { status: 200, body: customer } : noSuch('customer', m[1]!);
    }
    if ((m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      if (method === 'GET') {
        const sub = subscriptions.get(m[1]!);
        return sub ? { status: 200, body: sub } : noSuch('subscription', m[1]!);
      }
      if (method === 'POST') return updateSubscriptionFromApi(m[1]!, body);
    }
    return stripeError(404, `Unrecognized request URL (${method}: ${path}). The stand-in does not implement it.`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer); // node:http yields Buffers without setEncoding
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    const body = parseStripeForm(Buffer.concat(chunks).toString('utf8'));
    const reply =
      req.headers.authorization === `Bearer ${params.secretKey}`
        ? route(method, url.pathname, body)
        : stripeError(401, 'Invalid API Key provided.');
    requests.push({
      method,
      path: url.pathname,
      query: url.searchParams,
      body,
      headers: req.headers,
      status: reply.status,
    });
    res.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': makeId('req') });
    res.end(JSON.stringify(reply.body));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // listening on TCP, so an AddressInfo
  baseUrl = `http://127.0.0.1:${port}`;

  function requireSubscription(id: string): StandInSubscription {
    const sub = subscriptions.get(id);
    if (!sub) throw new Error(`stand-in: no subscription ${id}`);
    return sub;
  }

  return {
    url: baseUrl,
    requests,
    customers,
    sessions,
    subscriptions,

    /** Recorded requests to one endpoint, e.g. `requestsTo('POST', '/v1/checkout/sessions')`. */
    requestsTo(method: string, path: string | RegExp): RecordedRequest[] {
      return requests.filter(
        (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
      );
    },

    /** Answers the next `method path` request with `reply` instead of the stand-in's own answer. */
    replyOnce(method: string, path: string, reply: Reply): void {
      overrides.push({ method, path, reply });
    },

    /**
     * What Stripe does when the customer finishes the hosted checkout: creates the customer (unless
     * the session named one) and the subscription, trialing when the session asked for a trial.
     */
    completeCheckout(sessionId: string): {
      session: StandInCheckoutSession;
      subscription: StandInSubscription;
      customer: StandInCustomer;
    } {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`stand-in: no checkout session ${sessionId}`);
      if (session.status === 'complete') throw new Error(`stand-in: checkout session ${sessionId} is already complete`);
      const customer = session.customer ? customers.get(session.customer)! : createCustomer(session.customer_email); // validated at creation
      const start = now();
      const trialDays = Number(field(session.subscription_data_requested, 'trial_period_days') ?? '0');
      const trialEnd = trialDays > 0 ? start + trialDays * DAY_S : null;
      const id = makeId('sub');
      const items = session.line_items_requested.map((line): StandInSubscriptionItem => {
        const interval = params.prices[line.price]!; // validated at creation
        return {
          id: makeId('si'),
          object: 'subscription_item',
          subscription: id,
          price: toPrice(line.price, interval),
          quantity: line.quantity,
          current_period_start: start,
          current_period_end: trialEnd ?? start + PERIOD_S[interval],
          created: start,
        };
      });
      const subscription: StandInSubscription = {
        id,
        object: 'subscription',
        customer: customer.id,
        status: trialEnd ? 'trialing' : 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        trial_start: trialEnd ? start : null,
        trial_end: trialEnd,
        start_date: start,
        created: start,
        metadata: stringRecord(objectField(session.subscription_data_requested, 'metadata')),
        items: {
          object: 'list',
          data: items,
          has_more: false,
          total_count: items.length,
          url: `/v1/subscription_items?subscription=${id}`,
        },
        livemode: false,
      };
      subscriptions.set(id, subscription);
      Object.assign(session, {
        status: 'complete',
        payment_status: trialEnd ? 'no_payment_required' : 'paid',
        customer: customer.id,
        subscription: id,
      } satisfies Partial<StandInCheckoutSession>);
      return { session, subscription, customer };
    },

    /** Changes a subscription as Stripe would on its own (a trial converting, a failed renewal). */
    updateSubscription(
      id: string,
      patch: Partial<Omit<StandInSubscription, 'id' | 'object' | 'items'>> & { periodEnd?: number },
    ): StandInSubscription {
      const sub = requireSubscription(id);
      const { periodEnd, ...rest } = patch;
      Object.assign(sub, rest);
      if (periodEnd !== undefined) {
        for (const item of sub.items.data) {
          item.current_period_start = item.current_period_end;
          item.current_period_end = periodEnd;
        }
      }
      return sub;
    },

    /** Ends a subscription now, as Stripe does at period end or on an immediate cancellation. */
    endSubscription(id: string): StandInSubscription {
      const t = now();
      return Object.assign(requireSubscription(id), {
        status: 'canceled',
        ended_at: t,
        canceled_at: t,
      } satisfies Partial<StandInSubscription>);
    },

    /** An invoice as `invoice.paid` / `invoice.payment_failed` carry it (API 2025-03-31 and later). */
    buildInvoice(subscriptionId: string, params: { amountPaid: number; amountDue?: number; status?: 'paid' | 'open' }) {
      const sub = requireSubscription(subscriptionId);
      return {
        id: makeId('in'),
        object: 'invoice',
        customer: sub.customer,
        status: params.status ?? 'paid',
        amount_due: params.amountDue ?? params.amountPaid,
        amount_paid: params.amountPaid,
        currency: 'usd',
        billing_reason: 'subscription_cycle',
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: sub.id, metadata: sub.metadata },
        },
        created: now(),
        livemode: false,
      };
    },

    /** A v1 snapshot event wrapping `object`, as Stripe posts it to a webhook endpoint. */
    buildEvent(type: string, object: unknown, options: { id?: string } = {}) {
      return {
        id: options.id ?? makeId('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: now(),
        type,
        // A copy: later changes to the stand-in's state must not alter an event already built.
        data: { object: structuredClone(object) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      };
    },

    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}

function toPrice(id: string, interval: Interval): StandInSubscriptionItem['price'] {
  return { id, object: 'price', recurring: { interval, interval_count: 1 } };
}

function stringRecord(value: FormObject): Record<string, string> {
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
}
