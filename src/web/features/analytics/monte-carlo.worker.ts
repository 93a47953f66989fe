/**
 * The Monte Carlo Web Worker: runs the core engine off the main thread and reports progress after
 * every chunk of runs. Cancelling terminates the worker (the page starts a new one for the next run).
 */
import { runMonteCarloInChunks, type MonteCarloRunParams } from './monte-carlo-run';
import type { MonteCarloWorkerResponse } from './monte-carlo-messages';

type WorkerScope = {
  onmessage: ((event: MessageEvent<MonteCarloRunParams>) => void) | null;
  postMessage: (message: MonteCarloWorkerResponse) => void;
};
// In a dedicated worker `self` is the worker scope; the DOM library types it as Window.
const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  try {
    const result = runMonteCarloInChunks(event.data, (done, total) =>
      scope.postMessage({ type: 'progress', done, total }),
    );
    scope.postMessage({ type: 'result', result });
  } catch (err) {
    scope.postMessage({ type: 'error', message: err instanceof Error ? err.message : 'The simulation failed.' });
  }
};
