/** Lets queued I/O and timers run before going on: long synchronous work is cut into slices with it. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Goes on only after the event loop has polled for I/O at least once: a request that came in
 * meanwhile is read and sends its first query before the caller's next one. One setImmediate may
 * run before the poll phase (when called after one), so a caller that starts transaction after
 * transaction (PGlite runs each in one go, on this thread) could keep every request waiting for
 * two of them; the second immediate is queued behind that poll.
 */
export const yieldToIncomingRequests = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));
