// Exchange rates (issue 42 item 2): the rate table's CSV.
export { parseFxRatesCsv, type FxRate, type FxRateIssue } from './fx-rates-csv';
export { toAccountCurrencyPnl, type RatedPart } from './account-currency';
