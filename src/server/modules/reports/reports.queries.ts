import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { savedReports } from '../../db/schema';

export type SavedReportRow = typeof savedReports.$inferSelect;
type SavedReportValues = Pick<SavedReportRow, 'name' | 'filter' | 'compareWith' | 'groupBy' | 'chart' | 'pinned'>;

/** The user's saved reports, pinned first, then newest first. */
export async function listSavedReports(db: Db, userId: string): Promise<SavedReportRow[]> {
  return db
    .select()
    .from(savedReports)
    .where(eq(savedReports.userId, userId))
    .orderBy(desc(savedReports.pinned), desc(savedReports.createdAt), desc(savedReports.id));
}

export async function getSavedReport(
  db: Db,
  params: { userId: string; id: string },
): Promise<SavedReportRow | undefined> {
  const [row] = await db
    .select()
    .from(savedReports)
    .where(and(eq(savedReports.id, params.id), eq(savedReports.userId, params.userId)))
    .limit(1);
  return row;
}

export async function insertSavedReport(
  db: Db,
  params: { userId: string; values: SavedReportValues; now: Date },
): Promise<SavedReportRow> {
  const [row] = await db
    .insert(savedReports)
    .values({ userId: params.userId, ...params.values, createdAt: params.now, updatedAt: params.now })
    .returning();
  return row!;
}

/** The report changed, when it is the user's; undefined otherwise. */
export async function updateSavedReport(
  db: Db,
  params: { userId: string; id: string; values: Partial<SavedReportValues>; now: Date },
): Promise<SavedReportRow | undefined> {
  const [row] = await db
    .update(savedReports)
    .set({ ...params.values, updatedAt: params.now })
    .where(and(eq(savedReports.id, params.id), eq(savedReports.userId, params.userId)))
    .returning();
  return row;
}

/** True when the user's report was deleted. */
export async function deleteSavedReport(db: Db, params: { userId: string; id: string }): Promise<boolean> {
  const rows = await db
    .delete(savedReports)
    .where(and(eq(savedReports.id, params.id), eq(savedReports.userId, params.userId)))
    .returning({ id: savedReports.id });
  return rows.length > 0;
}
