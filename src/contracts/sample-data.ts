import { z } from 'zod';

/** `GET /api/sample-data`: whether the signed-in user has the sample data set loaded. */
export const sampleDataStatusJsonSchema = z.object({ loaded: z.boolean(), accountId: z.string().nullable() });
export type SampleDataStatusJson = z.infer<typeof sampleDataStatusJsonSchema>;

/** `POST /api/sample-data` (201): the sample account and how many trades it holds. */
export const loadedSampleDataJsonSchema = z.object({
  loaded: z.literal(true),
  accountId: z.string(),
  tradeCount: z.number(),
});
export type LoadedSampleDataJson = z.infer<typeof loadedSampleDataJsonSchema>;

/** `DELETE /api/sample-data` (200): how many trades went with the sample account. */
export const removedSampleDataJsonSchema = z.object({ loaded: z.literal(false), removedTradeCount: z.number() });
export type RemovedSampleDataJson = z.infer<typeof removedSampleDataJsonSchema>;
