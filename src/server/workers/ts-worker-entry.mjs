// Worker entry of startTsWorker (ts-worker.ts): the server runs TypeScript through tsx, and a worker
// thread starts without its loader, so this plain module registers it before loading the worker
// module itself, whose URL is the thread's one argument.
import { register } from 'tsx/esm/api';

const moduleUrl = process.argv[2];
if (!moduleUrl) throw new Error('ts-worker-entry needs the worker module URL as its argument');
register();
await import(moduleUrl);
