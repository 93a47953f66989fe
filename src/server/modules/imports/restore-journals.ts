import { and, eq, inArray } from 'drizzle-orm';
import type { ImportedJournal } from '../../../core/import/normalise/edgebook-journal';
import type { Db } from '../../db/client';
import { trades } from '../../db/schema';
import { upsertStrategiesByName } from '../strategies';
import { upsertTagsByName } from '../tags';
import { patchTrade } from '../trades';
import type { UserRow } from '../users';

/**
 * Gives the trades an Edgebook CSV import created their journal back: each journal belongs to the
 * fill that opened its trade (by fingerprint). Only fills this import added are touched, so a
 * re-import never overwrites what the trader has written since. Strategies and tags are matched
 * by name, and created when the user has none of that name.
 */
export async function restoreJournals(
  tx: Db,
  params: {
    user: UserRow;
    accountId: string;
    journals: ReadonlyMap<string, ImportedJournal>;
    inserted: readonly { id: string; fingerprint: string }[];
    now: Date;
  },
): Promise<void> {
  const { user, journals } = params;
  if (journals.size === 0) return;
  const journalByExecution = new Map<string, ImportedJournal>();
  for (const row of params.inserted) {
    const journal = journals.get(row.fingerprint);
    if (journal) journalByExecution.set(row.id, journal);
  }
  if (journalByExecution.size === 0) return;
  const all = [...journalByExecution.values()];
  const strategyIds = await upsertStrategiesByName(tx, {
    userId: user.id,
    items: [...new Set(all.flatMap((j) => (j.strategy ? [j.strategy] : [])))].map((name) => ({ name })),
    isSample: false,
  });
  const tagIds = await upsertTagsByName(tx, {
    userId: user.id,
    items: [...new Set(all.flatMap((j) => j.tags))].map((name) => ({ name })),
    isSample: false,
  });
  const ids = [...journalByExecution.keys()];
  for (let i = 0; i < ids.length; i += 1_000) {
    const opened = await tx
      .select({ id: trades.id, openingExecutionId: trades.openingExecutionId })
      .from(trades)
      .where(and(eq(trades.accountId, params.accountId), inArray(trades.openingExecutionId, ids.slice(i, i + 1_000))));
    for (const trade of opened) {
      const journal = journalByExecution.get(trade.openingExecutionId)!; // selected by these ids
      await patchTrade(tx, {
        user,
        id: trade.id,
        now: params.now,
        patch: {
          stopPrice: journal.stopPrice,
          targetPrice: journal.targetPrice,
          initialRisk: journal.riskAmount,
          strategyId: journal.strategy ? (strategyIds.get(journal.strategy.toLowerCase()) ?? null) : null,
          tags: journal.tags.flatMap((name) => tagIds.get(name.toLowerCase()) ?? []),
          mistakes: journal.mistakes,
          emotions: journal.emotions,
          rating: journal.rating,
          notes: journal.notes,
        },
      });
    }
  }
}
