// The sample data set: a seeded, deterministic journal for new users, the demo page and benchmarks.
export {
  SAMPLE_ACCOUNT,
  generateSampleData,
  toUnitString,
  type GenerateSampleDataParams,
  type SampleAccount,
  type SampleAssetClass,
  type SampleDataSet,
  type SampleExecution,
  type SampleStrategy,
  type SampleTag,
  type SampleTrade,
} from './generate-sample-data';
