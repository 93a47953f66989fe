/** "Chrome on macOS" from a user agent; enough to recognise one's own devices, not a full parser. */
export function toDeviceLabel(userAgent: string | null): { label: string; isMobile: boolean } {
  if (!userAgent) return { label: 'Unknown device', isMobile: false };
  const ua = userAgent;
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\/|FxiOS\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|CriOS\/|Chromium\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  // iOS and Android agents also name "Mac OS X" and "Linux": test them first.
  const os = /iPhone|iPad|iPod/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /CrOS/.test(ua)
          ? 'ChromeOS'
          : /Macintosh|Mac OS X/.test(ua)
            ? 'macOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  const isMobile = /Mobi|iPhone|iPod|Android/.test(ua);
  if (browser && os) return { label: `${browser} on ${os}`, isMobile };
  return { label: browser ?? os ?? 'Unknown device', isMobile };
}
