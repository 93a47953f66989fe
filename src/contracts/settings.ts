import { z } from 'zod';

/** `GET /api/tags/usage`: how many trades carry each of the user's tags (tags on no trade are absent). */
export const tagUsageJsonSchema = z.object({ usage: z.record(z.string(), z.number()) });
export type TagUsageJson = z.infer<typeof tagUsageJsonSchema>;

/** `GET /api/accounts/:id/usage`: what deleting the account would delete with it. */
export const accountUsageJsonSchema = z.object({ tradeCount: z.number(), executionCount: z.number() });
export type AccountUsageJson = z.infer<typeof accountUsageJsonSchema>;
