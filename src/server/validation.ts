import type { z } from 'zod';
import { AppError } from './errors';

/** Parses a request part with a schema; a failure becomes a 400 VALIDATION_ERROR naming each field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  throw new AppError('VALIDATION_ERROR', `Invalid input: ${Object.keys(fields).join(', ')}`, fields);
}
