/**
 * A minimal browser-like client for API tests: keeps the session cookie and sends our own Origin on
 * state-changing requests, as a same-origin page would.
 */
export class TestClient {
  cookie: string | null = null;
  constructor(
    private readonly baseUrl: string,
    private readonly origin = 'http://localhost:3000',
  ) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'GET' ? {} : { origin: this.origin }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) {
      const [pair] = setCookie.split(';');
      this.cookie =
        pair && !/=;?$/.test(pair) && !/=$/.test(pair) && !setCookie.includes('Expires=Thu, 01 Jan 1970') ? pair : null;
    }
    return res;
  }

  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers);
  post = (path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('POST', path, body ?? {}, headers);
  delete = (path: string, headers?: Record<string, string>) => this.request('DELETE', path, undefined, headers);

  async json<T>(res: Response | Promise<Response>): Promise<T> {
    return (await (await res).json()) as T;
  }

  /** Signs in and keeps the session cookie; throws unless it worked. */
  async login(email: string, password: string): Promise<void> {
    const res = await this.post('/api/auth/login', { email, password });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  }
}
