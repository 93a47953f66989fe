/** The sample trades a new user can load (and the demo dashboard draws). */
export { sampleDataRoutes } from './sample-data.routes';
export { SAMPLE_SEED, buildSampleRows } from './sample-data.service';
