import type {
  ImportCommitJson,
  ImportCommitRequest,
  ImportJson,
  ImportMapping,
  ImportPreviewJson,
  ImportUndoJson,
} from '../../../contracts/imports';
import { apiRequest } from '../../lib/api';

/** The import API as the page calls it. Failures reject with the seed's "status: body" error, for toApiError. */

export const IMPORTS_KEY = ['/api/imports'] as const;
export const ACCEPTED_EXTENSIONS = ['.csv', '.tsv', '.txt', '.xlsx', '.xls'] as const;
/** The file input's accept list: extensions plus the types browsers report for them. */
export const ACCEPT_ATTRIBUTE = [
  ...ACCEPTED_EXTENSIONS,
  'text/csv',
  'text/tab-separated-values',
  'text/plain',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
].join(',');

/** A broker format sample is a few rows; the server refuses more than this. */
export const SAMPLE_MAX_BYTES = 512 * 1024;

/** Whether the name ends in one of the accepted extensions (the server reads the content either way). */
export function hasAcceptedExtension(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return ACCEPTED_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/**
 * `POST /api/imports` over XMLHttpRequest, which (unlike fetch) reports upload progress.
 * Resolves with the detection and preview.
 */
export function uploadImport(params: {
  file: File;
  accountId?: string;
  timezone?: string;
  onProgress: (fraction: number) => void;
}): Promise<ImportPreviewJson> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    // The fields go first: the server reads them while the file streams to disk.
    if (params.accountId) form.append('accountId', params.accountId);
    if (params.timezone) form.append('timezone', params.timezone);
    form.append('file', params.file, params.file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/imports');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) params.onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status !== 201) return reject(new Error(`${xhr.status}: ${xhr.responseText || xhr.statusText}`));
      try {
        resolve(JSON.parse(xhr.responseText) as ImportPreviewJson); // the server's 201 answer is this contract type
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    };
    xhr.onerror = () => reject(new Error('The upload failed: check your connection and try again.'));
    xhr.send(form);
  });
}

export type RemapParams = { id: string; mapping?: ImportMapping; timezone?: string; sheetName?: string };

/** `POST /api/imports/:id/preview`: the preview again with the user's choices. */
export async function remapImport({ id, ...body }: RemapParams): Promise<ImportPreviewJson> {
  const res = await apiRequest('POST', `/api/imports/${encodeURIComponent(id)}/preview`, body);
  return (await res.json()) as ImportPreviewJson;
}

export type CommitOutcome = { kind: 'done'; result: ImportCommitJson } | { kind: 'started'; job: ImportJson };

/** `POST /api/imports/:id/commit`: done at once (200) or started in the background (202). */
export async function commitImport(id: string, body: ImportCommitRequest): Promise<CommitOutcome> {
  const res = await apiRequest('POST', `/api/imports/${encodeURIComponent(id)}/commit`, body);
  if (res.status === 202) return { kind: 'started', job: (await res.json()) as ImportJson };
  return { kind: 'done', result: (await res.json()) as ImportCommitJson };
}

/**
 * `DELETE /api/imports/:id`: undoes a committed import (its undo token restores it) or discards a
 * preview (null).
 */
export async function deleteImport(id: string): Promise<string | null> {
  const res = await apiRequest('DELETE', `/api/imports/${encodeURIComponent(id)}`);
  return res.status === 204 ? null : ((await res.json()) as ImportUndoJson).undoToken;
}

/** `POST /api/broker-format-requests` (multipart): a sample file for a broker the importer does not know. */
export async function sendFormatRequest(params: {
  file: File;
  brokerName: string;
  notes?: string;
  email?: string;
}): Promise<{ id: string; message: string }> {
  const form = new FormData();
  form.append('brokerName', params.brokerName);
  if (params.notes) form.append('notes', params.notes);
  if (params.email) form.append('email', params.email);
  form.append('file', params.file, params.file.name);
  const res = await fetch('/api/broker-format-requests', { method: 'POST', body: form, credentials: 'include' });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  return (await res.json()) as { id: string; message: string }; // the 201 answer's documented shape
}
