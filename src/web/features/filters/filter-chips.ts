// The chips' words live in the query model (the PDF report's cover says the filter the same way).
export { toFilterChips, type FilterChip, type RefChoices } from '../../../core/query';
