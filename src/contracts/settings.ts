/** `GET /api/tags/usage`: how many trades carry each of the user's tags (tags on no trade are absent). */
export type TagUsageJson = { usage: Record<string, number> };

/** `GET /api/accounts/:id/usage`: what deleting the account would delete with it. */
export type AccountUsageJson = { tradeCount: number; executionCount: number };
