/**
 * Polls until `isDone` (work the app does in the background), for at most 10 s; the caller asserts
 * after, so a timeout shows as the assertion that failed, not as a hang.
 */
export async function waitUntil(isDone: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await isDone()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}
