import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { ImageType } from '../../../core/screenshots';
import type { Db } from '../../db/client';
import { executions, screenshots, trades } from '../../db/schema';

/** One stored screenshot: the row without its user. */
export type ScreenshotRecord = {
  id: string;
  openingExecutionId: string;
  storageKey: string;
  thumbnailKey: string | null;
  mimeType: ImageType;
  byteSize: number;
  width: number | null;
  height: number | null;
  caption: string;
  createdAt: Date;
};

type ScreenshotRow = typeof screenshots.$inferSelect;

function toScreenshotRecord(row: ScreenshotRow): ScreenshotRecord {
  return {
    id: row.id,
    openingExecutionId: row.openingExecutionId,
    storageKey: row.storageKey,
    thumbnailKey: row.thumbnailKey,
    mimeType: row.mimeType as ImageType, // only sniffed types are ever inserted (insertScreenshot)
    byteSize: row.byteSize,
    width: row.width,
    height: row.height,
    caption: row.caption,
    createdAt: row.createdAt,
  };
}

/**
 * The opening fill of the user's trade (what screenshots hang on), or undefined (another user's
 * trade included). Read here, not through trades, which itself lists screenshots.
 */
export async function getTradeOpeningExecutionId(
  db: Db,
  params: { userId: string; tradeId: string },
): Promise<string | undefined> {
  const [row] = await db
    .select({ openingExecutionId: trades.openingExecutionId })
    .from(trades)
    .where(and(eq(trades.id, params.tradeId), eq(trades.userId, params.userId)))
    .limit(1);
  return row?.openingExecutionId;
}

export async function insertScreenshot(
  db: Db,
  params: Omit<ScreenshotRecord, 'createdAt'> & { userId: string; createdAt: Date },
): Promise<ScreenshotRecord> {
  const [row] = await db.insert(screenshots).values(params).returning();
  if (!row) throw new Error('insertScreenshot: no row returned');
  return toScreenshotRecord(row);
}

/** A trade's screenshots (by its opening fill, which survives regrouping), oldest first. */
export async function listScreenshotsByOpener(
  db: Db,
  params: { userId: string; openingExecutionId: string },
): Promise<ScreenshotRecord[]> {
  const rows = await db
    .select()
    .from(screenshots)
    .where(and(eq(screenshots.userId, params.userId), eq(screenshots.openingExecutionId, params.openingExecutionId)))
    .orderBy(asc(screenshots.createdAt), asc(screenshots.id));
  return rows.map(toScreenshotRecord);
}

export async function countScreenshotsByOpener(
  db: Db,
  params: { userId: string; openingExecutionId: string },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(screenshots)
    .where(and(eq(screenshots.userId, params.userId), eq(screenshots.openingExecutionId, params.openingExecutionId)));
  return Number(row?.n ?? 0); // pg answers a string, PGlite a number
}

export async function getScreenshot(
  db: Db,
  params: { userId: string; id: string },
): Promise<ScreenshotRecord | undefined> {
  const [row] = await db
    .select()
    .from(screenshots)
    .where(and(eq(screenshots.id, params.id), eq(screenshots.userId, params.userId)))
    .limit(1);
  return row && toScreenshotRecord(row);
}

export async function deleteScreenshot(
  db: Db,
  params: { userId: string; id: string },
): Promise<ScreenshotRecord | undefined> {
  const [row] = await db
    .delete(screenshots)
    .where(and(eq(screenshots.id, params.id), eq(screenshots.userId, params.userId)))
    .returning();
  return row && toScreenshotRecord(row);
}

/** The storage keys (images and thumbnails) of every screenshot on an account's trades. */
export async function listScreenshotKeysOfAccount(
  db: Db,
  params: { userId: string; accountId: string },
): Promise<string[]> {
  const fills = db.select({ id: executions.id }).from(executions).where(eq(executions.accountId, params.accountId));
  const rows = await db
    .select({ storageKey: screenshots.storageKey, thumbnailKey: screenshots.thumbnailKey })
    .from(screenshots)
    .where(and(eq(screenshots.userId, params.userId), inArray(screenshots.openingExecutionId, fills)));
  return rows.flatMap((row) => (row.thumbnailKey ? [row.storageKey, row.thumbnailKey] : [row.storageKey]));
}
