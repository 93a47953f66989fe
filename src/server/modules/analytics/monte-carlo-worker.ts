/**
 * Runs in a worker thread of the Monte Carlo pool (monte-carlo-pool.ts): one simulation per message,
 * answered with its result, so a simulation's seconds of CPU never block the server's event loop.
 */
import { parentPort } from 'node:worker_threads';
import { runMonteCarloJob, type MonteCarloJob } from './monte-carlo-job';

const port = parentPort;
if (!port) throw new Error('monte-carlo-worker must run in a worker thread');
port.on('message', (job: MonteCarloJob) => port.postMessage(runMonteCarloJob(job)));
