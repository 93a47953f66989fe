import type { TagUsageJson } from '../../../contracts/settings';
import type { TagJson } from '../../../contracts/trades';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { isUuid } from '../ids';
import { isUniqueViolation } from '../unique-violation';
import {
  countOwnTags,
  countTradesByTag,
  deleteTag,
  getTag,
  insertTag,
  listTags,
  moveTradeTags,
  updateTag,
  type TagRow,
  type TagValues,
} from './tags.queries';

export function toTagJson(row: TagRow): TagJson {
  return { id: row.id, name: row.name, color: row.color, group: row.group, createdAt: row.createdAt.toISOString() };
}

const conflict = (name: string) =>
  new AppError('CONFLICT', `You already have a tag named ${name}`, { name: 'A tag with this name exists' });

/** Runs a write that may hit the per-user, case-insensitive unique name; that becomes 409. */
async function withUniqueName<T>(name: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(name ?? '');
    throw err;
  }
}

export async function listTagJson(db: Db, userId: string): Promise<TagJson[]> {
  return (await listTags(db, userId)).map(toTagJson);
}

/** How many trades carry each of the user's tags. */
export async function getTagUsage(db: Db, userId: string): Promise<TagUsageJson> {
  return { usage: Object.fromEntries(await countTradesByTag(db, userId)) };
}

/** The user's tag, or 404 (another user's id included). */
export async function requireTag(db: Db, params: { userId: string; id: string }): Promise<TagRow> {
  const row = isUuid(params.id) ? await getTag(db, params) : undefined;
  if (!row) throw new AppError('NOT_FOUND', 'Tag not found');
  return row;
}

/** 404 unless every id is one of the user's tags. */
export async function assertOwnTags(db: Db, params: { userId: string; ids: string[] }): Promise<void> {
  if (params.ids.length === 0) return;
  if ((await countOwnTags(db, params)) !== new Set(params.ids).size) throw new AppError('NOT_FOUND', 'Tag not found');
}

export async function createTag(db: Db, params: { userId: string; values: TagValues }): Promise<TagJson> {
  return toTagJson(await withUniqueName(params.values.name, () => insertTag(db, params)));
}

export async function patchTag(
  db: Db,
  params: { userId: string; id: string; patch: Partial<TagValues> },
): Promise<TagJson> {
  const current = await requireTag(db, params);
  if (Object.keys(params.patch).length === 0) return toTagJson(current);
  const row = await withUniqueName(params.patch.name, () => updateTag(db, params));
  if (!row) throw new AppError('NOT_FOUND', 'Tag not found');
  return toTagJson(row);
}

export async function removeTag(db: Db, params: { userId: string; id: string }): Promise<void> {
  if (!isUuid(params.id) || !(await deleteTag(db, params))) throw new AppError('NOT_FOUND', 'Tag not found');
}

/** Moves every trade of one tag to another and deletes the first; answers the surviving tag. */
export async function mergeTag(db: Db, params: { userId: string; id: string; intoTagId: string }): Promise<TagJson> {
  const { userId } = params;
  if (params.id === params.intoTagId)
    throw new AppError('VALIDATION_ERROR', 'A tag cannot be merged into itself', { intoTagId: 'Choose another tag' });
  return db.transaction(async (tx) => {
    const from = await requireTag(tx, { userId, id: params.id });
    const into = await requireTag(tx, { userId, id: params.intoTagId });
    await moveTradeTags(tx, { fromTagId: from.id, intoTagId: into.id });
    await deleteTag(tx, { userId, id: from.id });
    return toTagJson(into);
  });
}
