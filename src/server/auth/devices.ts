/** The longest User-Agent kept with a session: enough for any real browser, never a stored essay. */
export const USER_AGENT_CHARS = 300;

// Order matters: Edge and Opera say "Chrome" too, and Chrome says "Safari".
const BROWSERS: Array<[RegExp, string]> = [
  [/EdgA?\/|Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/UCBrowser\//, 'UC Browser'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

const nameIn = (list: Array<[RegExp, string]>, userAgent: string) =>
  list.find(([pattern]) => pattern.test(userAgent))?.[1];

/** "Chrome on Android", as Account settings names the device of a session. */
export function browserOf(userAgent: string): string {
  const browser = nameIn(BROWSERS, userAgent);
  const system = nameIn(SYSTEMS, userAgent);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown browser';
}
