import type { FastifyInstance } from 'fastify';
import type { RouteContract } from '../../src/contracts/routes';
import { buildApp } from '../../src/server/app';
import { loadConfig, type ServerConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import type { Mailer } from '../../src/server/mail/mailer';
import type { PaymentProvider } from '../../src/server/payments/provider';
import type { Clock } from '../../src/server/clock';
import { checkAnswersAgainstContract } from './contract-check';
import { createTestDatabase } from './test-database';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: ServerConfig;
  url: (path: string) => string;
  /** Answers that did not match the route table (contract-check.ts); close() fails on any. */
  contractDrift: string[];
  close: () => Promise<void>;
};

/** The real app over real HTTP on a free loopback port, on a fresh database. */
export async function startTestApp(
  params: {
    env?: Record<string, string>;
    mailer?: Mailer;
    distDir?: string | null;
    clock?: Clock;
    paymentProvider?: PaymentProvider;
    /** The table answers are checked against (the contract check's own test swaps it). */
    contractRoutes?: Readonly<Record<string, RouteContract>>;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  // The origin TestClient sends: the app takes it as its own only as PUBLIC_URL's (it is not the Host).
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000', ...params.env });
  const app = await buildApp({
    config,
    database,
    distDir: params.distDir ?? null,
    mailer: params.mailer,
    clock: params.clock,
    paymentProvider: params.paymentProvider,
  });
  const contract = checkAnswersAgainstContract(app, params.contractRoutes);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    database,
    config,
    url: (path) => `${address}${path}`,
    contractDrift: contract.drift,
    close: async () => {
      await app.close();
      await database.close();
      if (contract.drift.length > 0) {
        throw new Error(
          `Answers that do not match src/contracts/routes.ts:\n${[...new Set(contract.drift)].join('\n')}`,
        );
      }
    },
  };
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}
