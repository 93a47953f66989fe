/** The analytics engine: pure, shared by server and client. */
export * from './numeric';
export * from './time-zone';
export * from './json-number';
export * from './trade-stats';
export * from './trade-columns';
export * from './daily';
export * from './equity';
export * from './downsample';
export * from './streaks';
export * from './breakdown';
export * from './heatmap';
export * from './calendar';
export * from './distribution';
export * from './expectancy';
export * from './random';
export * from './select';
export * from './monte-carlo';
