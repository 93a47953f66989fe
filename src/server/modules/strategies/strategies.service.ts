import type { StrategyJson } from '../../../contracts/trades';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { isUuid } from '../ids';
import { isUniqueViolation } from '../unique-violation';
import { getStrategy, insertStrategy, listStrategies, type StrategyRow } from './strategies.queries';

export function toStrategyJson(row: StrategyRow): StrategyJson {
  return { id: row.id, name: row.name, description: row.description, createdAt: row.createdAt.toISOString() };
}

export async function listStrategyJson(db: Db, userId: string): Promise<StrategyJson[]> {
  return (await listStrategies(db, userId)).map(toStrategyJson);
}

/** The user's strategy, or 404 (another user's id included). */
export async function requireStrategy(db: Db, params: { userId: string; id: string }): Promise<StrategyRow> {
  const row = isUuid(params.id) ? await getStrategy(db, params) : undefined;
  if (!row) throw new AppError('NOT_FOUND', 'Strategy not found');
  return row;
}

/** A new strategy; 409 when the user already has one of that name (case-insensitively). */
export async function createStrategy(
  db: Db,
  params: { userId: string; name: string; description?: string },
): Promise<StrategyJson> {
  try {
    return toStrategyJson(await insertStrategy(db, { ...params, description: params.description ?? '' }));
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError('CONFLICT', `You already have a strategy named ${params.name}`, { name: 'Already taken' });
    throw err;
  }
}
