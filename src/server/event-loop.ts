/** Lets queued I/O and timers run before going on: long synchronous work is cut into slices with it. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
