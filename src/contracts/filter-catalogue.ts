import { z } from 'zod';
import { FIELD_GROUPS } from '../core/query';

const FIELD_TYPES = [
  'dayFrom',
  'dayTo',
  'symbolList',
  'text',
  'textList',
  'intList',
  'date',
  'idList',
  'enum',
  'enumList',
  'decimalRange',
  'numberRange',
  'boolean',
] as const;
const groupIdSchema = z.enum(FIELD_GROUPS.map((group) => group.id) as [string, ...string[]]);

/** `GET /api/reports/filters`: every trade filter parameter, as the builders show it (core/query/catalogue.ts). */
export const filterCatalogueJsonSchema = z.object({
  groups: z.array(z.object({ id: groupIdSchema, label: z.string() })),
  fields: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      group: groupIdSchema,
      groupLabel: z.string(),
      type: z.enum(FIELD_TYPES),
      description: z.string().optional(),
      values: z.array(z.object({ value: z.union([z.string(), z.number()]), label: z.string() })).optional(),
      range: z.object({ min: z.number().optional(), max: z.number().optional() }).optional(),
      ref: z.enum(['accounts', 'strategies', 'tags', 'imports', 'rules']).optional(),
      untilDataExists: z.literal('nothing').optional(),
    }),
  ),
});
export type FilterCatalogueJson = z.infer<typeof filterCatalogueJsonSchema>;
