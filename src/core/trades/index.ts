// The public API of trades, instruments and money: other layers import from here.
export {
  D,
  DIVISION_PLACES,
  ONE,
  ROUNDING,
  ZERO,
  add,
  compareDecimals,
  decimalPlaces,
  divide,
  fromScaledBigInt,
  isNegative,
  isPositive,
  isZero,
  maxDecimal,
  minDecimal,
  multiply,
  negate,
  roundDecimal,
  subtract,
  sum,
  toAbsolute,
  toDecimal,
  toMoneyString,
  toScaledBigInt,
  type Decimal,
  type RoundingMode,
} from '../money/decimal';
export {
  ASSET_CLASSES,
  toInstrumentKey,
  type AssetClass,
  type Instrument,
  type OptionRight,
} from '../instruments/instrument';
export {
  FUTURES_CONTRACTS,
  MONTH_CODES,
  findFuturesContract,
  parseFuturesSymbol,
  toContractMonth,
  toFuturesSymbol,
  type FuturesContract,
  type FuturesSymbol,
  type MonthCode,
  type ParseFuturesOptions,
} from '../instruments/futures';
export { parseOptionSymbol, toOccSymbol, type OptionSymbol } from '../instruments/options';
export {
  isInstrumentError,
  parseInstrument,
  type InstrumentError,
  type InstrumentErrorCode,
  type InstrumentHint,
} from '../instruments/parse-instrument';
export { compareExecutions, type Execution, type Side } from './execution';
export { countToLastFlat, createFlatChunker, keyOfFill, type FlatChunker } from './flat-chunks';
export {
  groupTrades,
  groupTradesInSlices,
  type ClosedLot,
  type OpenLot,
  type Trade,
  type TradeDirection,
  type TradeExecution,
  type TradeStatus,
} from './group-trades';
export {
  RISK_REASON_MESSAGES,
  computeInitialEntry,
  computeInitialRisk,
  computeRMultiple,
  type InitialEntry,
  type InitialRisk,
  type RMultiple,
  type RiskParams,
  type RiskReason,
  type RiskSource,
} from './r-multiple';
export {
  POSITION_EVENT_KINDS,
  applyPositionEvents,
  toEventExecutionId,
  toIncome,
  toTradeEvent,
  type AppliedEvents,
  type EventProblem,
  type PositionEvent,
  type PositionEventKind,
  type RestatedFill,
  type TradeEvent,
} from './position-events';
export {
  computeNetPnlWithIncome,
  groupTradesWithEvents,
  type GroupedWithEvents,
  type TradeWithEvents,
} from './group-with-events';
export {
  EMPTY_JOURNAL,
  buildTradeRows,
  computeStoredRisk,
  toJournalFacts,
  toMoneyText,
  toQuantityText,
  type BuildTradeRowsParams,
  type JournalFacts,
  type RiskInput,
  type TradeJournal,
  type TradePartValues,
  type TradeRowValues,
} from './trade-rows';
