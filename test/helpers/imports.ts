import type { ImportJson } from '../../src/contracts/imports';
import type { TestClient } from './http-client';

/** Polls an import until it leaves the queue and stops running (a large file commits in the background). */
export async function waitForImport(client: TestClient, id: string): Promise<ImportJson> {
  let state: ImportJson;
  do {
    await new Promise((resolve) => setTimeout(resolve, 50));
    state = await client.json<ImportJson>(client.get(`/api/imports/${id}`));
  } while (state.status === 'queued' || state.status === 'running');
  return state;
}
