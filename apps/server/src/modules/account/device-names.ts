/** Browsers by a mark of their User-Agent, most specific first (Edge also says Chrome and Safari). */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(CriOS|Chrome|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** Systems, iOS before macOS (an iPad may say "like Mac OS X") and Android before Linux. */
const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\bWindows\b/, 'Windows'],
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\b(Macintosh|Mac OS X)\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (rules: readonly (readonly [RegExp, string])[], agent: string) =>
  rules.find(([pattern]) => pattern.test(agent))?.[1];

/**
 * A User-Agent in words: browser and system ("Firefox on Linux"), or the product it names first
 * ("curl"), or "Unknown device". Good enough to recognise one's own devices; not a full parser.
 */
export function deviceName(userAgent: string): string {
  const browser = first(BROWSERS, userAgent);
  const system = first(SYSTEMS, userAgent);
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  const product = /^([A-Za-z][\w.-]{0,40})\//.exec(userAgent)?.[1];
  if (product && product !== 'Mozilla') return system ? `${product} on ${system}` : product;
  return system ?? 'Unknown device';
}
