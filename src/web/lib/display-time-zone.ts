let displayTimeZone: string | undefined;

/**
 * The zone every time on the app's pages is shown in: the signed-in user's (Settings → Profile),
 * set by the app shell before its page renders. Unset (signed out), the browser's.
 */
export function setDisplayTimeZone(timeZone: string | undefined): void {
  displayTimeZone = timeZone;
}

export function getDisplayTimeZone(): string | undefined {
  return displayTimeZone;
}
