import { SCREENSHOT_FILE_FIELD, SCREENSHOT_THUMBNAIL_FIELD, type ScreenshotJson } from '../../../contracts/screenshots';
import { IMAGE_TYPE_NAMES, SNIFF_BYTES, sniffImageType } from '../../../core/screenshots';
import { apiUpload } from '../../lib/api';

const toMegabytes = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;

/**
 * Why a file cannot be a screenshot, checked before uploading (the server checks again): its first
 * bytes must be PNG, JPEG or WebP whatever its name says, and it must fit the server's limit.
 */
export async function findUploadProblem(file: File, maxBytes: number): Promise<string | null> {
  const name = file.name || 'The pasted image';
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  if (!sniffImageType(head)) return `${name} is not a ${IMAGE_TYPE_NAMES} image.`;
  if (file.size > maxBytes) return `${name} is larger than the ${toMegabytes(maxBytes)} limit.`;
  return null;
}

/** `POST /api/trades/:id/screenshots`, with upload progress. A failure rejects with an ApiError, for toApiError. */
export function uploadScreenshot(params: {
  tradeId: string;
  file: File;
  thumbnail: Blob | null;
  onProgress: (fraction: number) => void;
}): Promise<ScreenshotJson> {
  const form = new FormData();
  form.append(SCREENSHOT_FILE_FIELD, params.file, params.file.name || 'pasted-image');
  if (params.thumbnail) form.append(SCREENSHOT_THUMBNAIL_FIELD, params.thumbnail, 'thumbnail');
  return apiUpload('POST /api/trades/:id/screenshots', { params: { id: params.tradeId }, form }, params.onProgress);
}
