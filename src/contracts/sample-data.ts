/** `GET /api/sample-data`: whether the signed-in user has the sample data set loaded. */
export type SampleDataStatusJson = { loaded: boolean; accountId: string | null };

/** `POST /api/sample-data` (201): the sample account and how many trades it holds. */
export type LoadedSampleDataJson = { loaded: true; accountId: string; tradeCount: number };

/** `DELETE /api/sample-data` (200): how many trades went with the sample account. */
export type RemovedSampleDataJson = { loaded: false; removedTradeCount: number };
