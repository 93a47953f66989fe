import { randomUUID } from 'node:crypto';
import {
  CAPTION_MAX_LENGTH,
  MAX_SCREENSHOTS_PER_TRADE,
  THUMBNAIL_MAX_BYTES,
  type ScreenshotJson,
  type ScreenshotListJson,
} from '../../../contracts/screenshots';
import {
  IMAGE_EXTENSIONS,
  IMAGE_TYPE_NAMES,
  readImageSize,
  sniffImageType,
  type ImageType,
} from '../../../core/screenshots';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { ObjectStorage } from '../../storage/object-storage';
import { isUuid } from '../ids';
import {
  countScreenshotsByOpener,
  deleteScreenshot,
  getScreenshot,
  getTradeOpeningExecutionId,
  insertScreenshot,
  listScreenshotsByOpener,
  type ScreenshotRecord,
} from './screenshots.queries';

export type ScreenshotDeps = { db: Db; storage: ObjectStorage; log: (msg: string, err: unknown) => void };

export type UploadedParts = { file: Uint8Array | null; thumbnail: Uint8Array | null; caption: string };

export function toScreenshotJson(record: ScreenshotRecord): ScreenshotJson {
  const url = `/api/screenshots/${record.id}`;
  return {
    id: record.id,
    mimeType: record.mimeType,
    byteSize: record.byteSize,
    width: record.width,
    height: record.height,
    caption: record.caption,
    hasThumbnail: record.thumbnailKey !== null,
    createdAt: record.createdAt.toISOString(),
    url,
    thumbnailUrl: `${url}/thumbnail`,
  };
}

/** The user's trade's opening fill (what screenshots hang on), or 404 (another user's id included). */
async function requireTradeOpener(db: Db, params: { userId: string; tradeId: string }): Promise<string> {
  const openerId = isUuid(params.tradeId) ? await getTradeOpeningExecutionId(db, params) : undefined;
  if (!openerId) throw new AppError('NOT_FOUND', 'Trade not found');
  return openerId;
}

async function requireScreenshot(db: Db, params: { userId: string; id: string }): Promise<ScreenshotRecord> {
  const record = isUuid(params.id) ? await getScreenshot(db, params) : undefined;
  if (!record) throw new AppError('NOT_FOUND', 'Screenshot not found');
  return record;
}

const toMegabytes = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;

/** The size limit's message, shared by the upload parser (which stops reading) and the checks here. */
export function tooLargeError(maxBytes: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `The image is larger than the ${toMegabytes(maxBytes)} limit.`);
}

function requireImageType(bytes: Uint8Array, what: 'image' | 'thumbnail'): ImageType {
  const type = sniffImageType(bytes);
  if (!type) {
    const subject = what === 'image' ? 'This file is not' : 'The thumbnail is not';
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `${subject} a ${IMAGE_TYPE_NAMES} image. Upload a ${IMAGE_TYPE_NAMES} image.`,
    );
  }
  return type;
}

export async function listTradeScreenshots(
  deps: { db: Db; maxBytes: number },
  params: { userId: string; tradeId: string },
): Promise<ScreenshotListJson> {
  const openingExecutionId = await requireTradeOpener(deps.db, params);
  const records = await listScreenshotsByOpener(deps.db, { userId: params.userId, openingExecutionId });
  return { screenshots: records.map(toScreenshotJson), maxBytes: deps.maxBytes };
}

/**
 * Stores one image (and the browser-made thumbnail, when sent) for the user's trade. The type comes
 * from the bytes alone; everything is checked before anything is stored, and the stored files are
 * removed again if the row cannot be written.
 */
export async function uploadScreenshot(
  deps: ScreenshotDeps & { maxBytes: number },
  params: { userId: string; tradeId: string; parts: UploadedParts; now: Date },
): Promise<ScreenshotJson> {
  const { db, storage } = deps;
  const { userId, parts } = params;
  const openingExecutionId = await requireTradeOpener(db, { userId, tradeId: params.tradeId });
  const file = parts.file;
  if (!file || file.length === 0)
    throw new AppError('VALIDATION_ERROR', 'Attach an image in the "file" field.', { file: 'Choose an image' });
  if (file.length > deps.maxBytes) throw tooLargeError(deps.maxBytes);
  const mimeType = requireImageType(file, 'image');
  const thumbnail = parts.thumbnail && parts.thumbnail.length > 0 ? parts.thumbnail : null;
  if (thumbnail && thumbnail.length > THUMBNAIL_MAX_BYTES)
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The thumbnail is larger than the ${toMegabytes(THUMBNAIL_MAX_BYTES)} limit.`,
    );
  const thumbnailType = thumbnail ? requireImageType(thumbnail, 'thumbnail') : null;
  const caption = parts.caption.trim();
  if (caption.length > CAPTION_MAX_LENGTH)
    throw new AppError('VALIDATION_ERROR', 'Invalid input: caption', {
      caption: `Keep the caption under ${CAPTION_MAX_LENGTH} characters`,
    });
  if ((await countScreenshotsByOpener(db, { userId, openingExecutionId })) >= MAX_SCREENSHOTS_PER_TRADE)
    throw new AppError('CONFLICT', `A trade holds at most ${MAX_SCREENSHOTS_PER_TRADE} screenshots. Delete one first.`);

  const id = randomUUID();
  // NOTE: keys come from server-made ids only; the user's file name is never used.
  const storageKey = `screenshots/${userId}/${id}.${IMAGE_EXTENSIONS[mimeType]}`;
  const thumbnailKey = thumbnailType ? `screenshots/${userId}/${id}.thumb.${IMAGE_EXTENSIONS[thumbnailType]}` : null;
  const size = readImageSize(file, mimeType);
  const stored: string[] = [];
  try {
    await storage.put(storageKey, file, { contentType: mimeType });
    stored.push(storageKey);
    if (thumbnail && thumbnailKey && thumbnailType) {
      await storage.put(thumbnailKey, thumbnail, { contentType: thumbnailType });
      stored.push(thumbnailKey);
    }
    const record = await insertScreenshot(db, {
      id,
      userId,
      openingExecutionId,
      storageKey,
      thumbnailKey,
      mimeType,
      byteSize: file.length,
      width: size?.width ?? null,
      height: size?.height ?? null,
      caption,
      createdAt: params.now,
    });
    return toScreenshotJson(record);
  } catch (err) {
    await deleteStoredObjects(deps, stored);
    throw err;
  }
}

export type ServedImage = { bytes: Uint8Array; mimeType: ImageType; fileName: string };

/** The full-size image, or its thumbnail (the full-size image when it has none). */
export async function readScreenshot(
  deps: ScreenshotDeps,
  params: { userId: string; id: string; variant: 'full' | 'thumbnail' },
): Promise<ServedImage> {
  const record = await requireScreenshot(deps.db, params);
  const useThumbnail = params.variant === 'thumbnail' && record.thumbnailKey !== null;
  const key = useThumbnail && record.thumbnailKey ? record.thumbnailKey : record.storageKey;
  const bytes = await deps.storage.get(key);
  if (!bytes) {
    deps.log('screenshot file missing from storage', new Error(key));
    throw new AppError('NOT_FOUND', 'The image file is missing');
  }
  // The stored thumbnail was sniffed at upload; sniffing again names its type without another column.
  const mimeType = (useThumbnail ? sniffImageType(bytes) : record.mimeType) ?? record.mimeType;
  const suffix = useThumbnail ? '-thumbnail' : '';
  return { bytes, mimeType, fileName: `screenshot-${record.id.slice(0, 8)}${suffix}.${IMAGE_EXTENSIONS[mimeType]}` };
}

/** Deletes the row first (the user never sees a broken screenshot), then the stored files. */
export async function removeScreenshot(deps: ScreenshotDeps, params: { userId: string; id: string }): Promise<void> {
  const record = isUuid(params.id) ? await deleteScreenshot(deps.db, params) : undefined;
  if (!record) throw new AppError('NOT_FOUND', 'Screenshot not found');
  await deleteStoredObjects(deps, record.thumbnailKey ? [record.storageKey, record.thumbnailKey] : [record.storageKey]);
}

/**
 * Removes stored files whose rows are gone. A failure is logged, not thrown: the rows are already
 * deleted, and an unreferenced file is wasted space, not a leak of anything visible.
 */
export async function deleteStoredObjects(
  deps: Pick<ScreenshotDeps, 'storage' | 'log'>,
  keys: readonly string[],
): Promise<void> {
  for (const key of keys) {
    try {
      await deps.storage.delete(key);
    } catch (err) {
      deps.log(`could not delete stored file ${key}`, err);
    }
  }
}
