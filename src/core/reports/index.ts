// Advanced reports: a filter's closed trades grouped, each group's statistics with 95% intervals
// (Wilson for the win rate, Student t for the expectancy), money exact; and two reports' difference.
export { computeMeanInterval, computeWilsonInterval, studentT975, studentTCdf, Z_95 } from './confidence';
export {
  selectReportColumns,
  subtractExactColumns,
  toExactMoneyColumn,
  toReportColumns,
  type ReportTrade,
  type ExactMoneyColumn,
  type MultiColumn,
  type ReportColumns,
} from './report-columns';
export {
  computeReport,
  computeReportDifference,
  computeReportRow,
  JOURNAL_GROUP_BYS,
  LOW_SAMPLE_TRADES,
  MULTI_VALUED_GROUP_BYS,
  REPORT_GROUP_BY_LABELS,
  REPORT_GROUP_BYS,
  toRowDifference,
  type Report,
  type ReportDifference,
  type ReportGroupBy,
  type ReportRow,
  type ReportRowDifference,
} from './report';
