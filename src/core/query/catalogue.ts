import { FIELD_GROUPS, TRADE_FIELDS, type FieldDef, type FieldGroup, type FieldRef, type FieldType } from './fields';

/**
 * The filter catalogue: every parameter of the trade filter as a builder (the report builder, the
 * filter bar's "Add filter" picker, the assistant) shows it, from the registry alone.
 */
export type FilterCatalogueField = {
  id: string;
  label: string;
  group: FieldGroup;
  groupLabel: string;
  type: FieldType;
  description?: string;
  /** `enum`, `enumList` and `intList` with names: the allowed values and what they are called. */
  values?: { value: string | number; label: string }[];
  /** `numberRange` and `intList`: the smallest and largest value allowed. */
  range?: { min?: number; max?: number };
  /** `idList`: whose ids (the user's accounts, strategies, tags, imports, rules). */
  ref?: FieldRef;
  /** Set for a field whose data a later feature brings: what it selects meanwhile. */
  untilDataExists?: 'nothing';
};

export type FilterCatalogue = {
  groups: { id: FieldGroup; label: string }[];
  fields: FilterCatalogueField[];
};

function toValues(field: FieldDef): FilterCatalogueField['values'] {
  if (field.values) return field.values.map(([value, label]) => ({ value, label }));
  if (field.type === 'intList' && field.valueLabels && field.minimum !== undefined && field.maximum !== undefined) {
    const out: { value: number; label: string }[] = [];
    for (let n = field.minimum; n <= field.maximum; n++)
      out.push({ value: n, label: field.valueLabels[n] ?? String(n) });
    return out;
  }
  return undefined;
}

export function toFilterCatalogue(): FilterCatalogue {
  const groupLabel = new Map<string, string>(FIELD_GROUPS.map((group) => [group.id, group.label]));
  return {
    groups: FIELD_GROUPS.map((group) => ({ id: group.id, label: group.label })),
    fields: (TRADE_FIELDS as readonly FieldDef[]).map((field) => {
      const values = toValues(field);
      const hasRange = field.minimum !== undefined || field.maximum !== undefined;
      return {
        id: field.id,
        label: field.label,
        group: field.group,
        groupLabel: groupLabel.get(field.group) ?? field.group,
        type: field.type,
        ...(field.description === undefined ? {} : { description: field.description }),
        ...(values === undefined ? {} : { values }),
        ...(hasRange ? { range: { min: field.minimum, max: field.maximum } } : {}),
        ...(field.ref === undefined ? {} : { ref: field.ref }),
        ...(field.untilDataExists === undefined ? {} : { untilDataExists: field.untilDataExists }),
      };
    }),
  };
}
