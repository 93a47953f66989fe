import type { ImportCommitJson, ImportJson, ImportPreviewJson } from '../../src/contracts/imports';
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

/** Uploads a file into an account, as the import page does. */
export async function uploadImport(
  client: TestClient,
  url: (path: string) => string,
  file: { accountId: string; name: string; content: string },
): Promise<Response> {
  const form = new FormData();
  form.append('accountId', file.accountId);
  form.append('file', new Blob([file.content]), file.name);
  return fetch(url('/api/imports'), {
    method: 'POST',
    headers: { origin: 'http://localhost:3000', ...(client.cookie ? { cookie: client.cookie } : {}) },
    body: form,
  });
}

/** Uploads a file and commits its preview: the commit's answer and the import's id. */
export async function importCsv(
  client: TestClient,
  url: (path: string) => string,
  file: { accountId: string; name: string; content: string },
): Promise<ImportCommitJson & { id: string }> {
  const res = await uploadImport(client, url, file);
  if (res.status !== 201) throw new Error(`POST /api/imports: ${res.status} ${await res.text()}`);
  const preview = (await res.json()) as ImportPreviewJson;
  const done = await client.post(`/api/imports/${preview.id}/commit`, { accountId: file.accountId });
  if (done.status !== 200) throw new Error(`commit: ${done.status} ${await done.text()}`);
  return { ...((await done.json()) as ImportCommitJson), id: preview.id };
}
