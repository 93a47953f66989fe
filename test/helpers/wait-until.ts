/**
 * Polls until `isDone` (work the app does in the background), for at most a minute; the caller
 * asserts after, so a timeout shows as the assertion that failed, not as a hang. A minute is far
 * more than the work takes on a busy machine, and less than the integration tests' timeout.
 */
export async function waitUntil(isDone: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await isDone()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}
