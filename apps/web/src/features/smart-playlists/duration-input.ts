/** Seconds from `90`, `1:30` or `1:02:03`; NaN when the text is none of them. */
export function parseDuration(text: string): number {
  const trimmed = text.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  if (!/^\d+(:[0-5]?\d){1,2}$/.test(trimmed)) return Number.NaN;
  return trimmed.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}

/** Seconds as `m:ss` (whole seconds as they are beyond the minute). */
export function formatDurationInput(seconds: number): string {
  if (!Number.isInteger(seconds) || seconds < 60) return String(seconds);
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
