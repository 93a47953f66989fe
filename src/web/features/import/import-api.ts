import type {
  ImportCommitJson,
  ImportCommitRequest,
  ImportJson,
  ImportMapping,
  ImportPreviewJson,
} from '../../../contracts/imports';
import { api, apiAnswer, apiUpload } from '../../lib/api';

/** The import API as the page calls it. Failures reject with an ApiError, for toApiError. */

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

/** `POST /api/imports`, with upload progress. Resolves with the detection and preview. */
export function uploadImport(params: {
  file: File;
  accountId?: string;
  timezone?: string;
  onProgress: (fraction: number) => void;
}): Promise<ImportPreviewJson> {
  const form = new FormData();
  // The fields go first: the server reads them while the file streams to disk.
  if (params.accountId) form.append('accountId', params.accountId);
  if (params.timezone) form.append('timezone', params.timezone);
  form.append('file', params.file, params.file.name);
  return apiUpload('POST /api/imports', { form }, params.onProgress);
}

export type RemapParams = {
  id: string;
  /** The account chosen since the upload: the counts are against its fills. */
  accountId?: string;
  mapping?: ImportMapping;
  timezone?: string;
  sheetName?: string;
};

/** `POST /api/imports/:id/preview`: the preview again with the user's choices. */
export function remapImport({ id, ...body }: RemapParams): Promise<ImportPreviewJson> {
  return api('POST /api/imports/:id/preview', { params: { id }, body });
}

export type CommitOutcome = { kind: 'done'; result: ImportCommitJson } | { kind: 'started'; job: ImportJson };

/** `POST /api/imports/:id/commit`: done at once (200) or started in the background (202). */
export async function commitImport(id: string, body: ImportCommitRequest): Promise<CommitOutcome> {
  const answer = await apiAnswer('POST /api/imports/:id/commit', { params: { id }, body });
  return answer.status === 202 ? { kind: 'started', job: answer.data } : { kind: 'done', result: answer.data };
}

/**
 * `DELETE /api/imports/:id`: undoes a committed import (its undo token restores it) or discards a
 * preview (null).
 */
export async function deleteImport(id: string): Promise<string | null> {
  const answer = await apiAnswer('DELETE /api/imports/:id', { params: { id } });
  return answer.status === 200 ? answer.data.undoToken : null;
}

/** `POST /api/broker-format-requests` (multipart): a sample file for a broker the importer does not know. */
export async function sendFormatRequest(params: { file: File; brokerName: string; notes?: string; email?: string }) {
  const form = new FormData();
  form.append('brokerName', params.brokerName);
  if (params.notes) form.append('notes', params.notes);
  if (params.email) form.append('email', params.email);
  form.append('file', params.file, params.file.name);
  return api('POST /api/broker-format-requests', { form });
}
