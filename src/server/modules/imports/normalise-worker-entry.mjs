// Worker entry: the server runs TypeScript through tsx, and a worker thread starts without its
// loader, so this plain module registers it before loading the worker itself.
import { register } from 'tsx/esm/api';

register();
await import('./normalise-worker.ts');
