/**
 * A time limit the test reaches by hand, for code that takes a `startTimer` (the Monte Carlo pool):
 * a simulation overruns exactly when the test says, never because the machine is slow.
 */
export function manualTimeLimit() {
  const pending: Array<() => void> = [];
  const waiters: Array<() => void> = [];
  const startTimer = (_ms: number, onOverrun: () => void) => {
    pending.push(onOverrun);
    for (const wake of waiters.splice(0)) wake();
    return () => {
      const index = pending.indexOf(onOverrun);
      if (index !== -1) pending.splice(index, 1);
    };
  };
  /** Resolves once a limit runs: a simulation has started. No deadline of its own (the test's applies). */
  const whenRunning = async () => {
    while (pending.length === 0) await new Promise<void>((resolve) => waiters.push(resolve));
  };
  /** Reaches the oldest running limit, once there is one: its simulation is stopped. */
  const overrunNext = async () => {
    await whenRunning();
    pending.shift()?.();
  };
  return { startTimer, whenRunning, overrunNext };
}
