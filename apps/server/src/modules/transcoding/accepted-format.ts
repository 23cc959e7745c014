import type { TranscodeFormat } from './stream-formats';

/** The media types that name each format a transcode can be made in. */
const TYPES: ReadonlyArray<readonly [RegExp, TranscodeFormat]> = [
  [/^(?:audio\/)?(?:ogg|opus|webm)$/, 'opus'],
  [/^(?:audio\/)?(?:aac|mp4|x-m4a|m4a)$/, 'aac'],
  [/^(?:audio\/)?(?:mpeg|mp3|x-mpeg)$/, 'mp3'],
];

interface MediaRange {
  readonly type: string;
  readonly q: number;
}

function rangesOf(accept: string): MediaRange[] {
  return accept
    .split(',')
    .map((part) => {
      const [type = '', ...parameters] = part.split(';').map((piece) => piece.trim());
      const quality = parameters.find((parameter) => /^q=/i.test(parameter));
      const q = quality === undefined ? 1 : Number(quality.slice(2));
      return { type: type.toLowerCase(), q: Number.isFinite(q) ? q : 0 };
    })
    .filter((range) => range.q > 0)
    .sort((a, b) => b.q - a.q);
}

/**
 * The format to transcode into for a client that names none: the first of its `Accept` header's
 * audio types (by preference) a transcode can be made in; `fallback` when it names none of them
 * (`*\/*`, `audio/*`, no header). A client that takes only AAC or MP3 is never sent Opus. The
 * web player says the same with format names (`opus, aac`), where an `<audio>` cannot send a header.
 */
export function formatAccepted(
  accept: string | undefined,
  fallback: TranscodeFormat,
): TranscodeFormat {
  for (const range of rangesOf(accept ?? '')) {
    if (range.type === '*/*' || range.type === 'audio/*') return fallback;
    const format = TYPES.find(([pattern]) => pattern.test(range.type))?.[1];
    if (format) return format;
  }
  return fallback;
}
