export {
  inferDecimalSeparator,
  parseDecimal,
  type DecimalSeparator,
  type DecimalSeparatorGuess,
} from './parse-decimal';
export {
  inferDateFormat,
  parseDateTime,
  parseTimeOfDay,
  toUtcInstant,
  type DateFormat,
  type DateOrder,
  type DateTimeParts,
  type ToUtcInstantParams,
} from './dates';
export { isValidTimeZone, toUtcFromWallClock, toWallClockMs, toZoneOffsetMs } from './time-zone';
