// Plain values (no zod): the web player reads them on every song.

/** How rich a stream may be: the file as it is, or a transcode at most this rate. */
export const STREAMING_QUALITIES = ['original', 'high', 'normal', 'dataSaver'] as const;
export type StreamingQuality = (typeof STREAMING_QUALITIES)[number];

/** The highest rate of each quality, kbps; 0 is the file as it is. */
export const STREAMING_QUALITY_KBPS: Readonly<Record<StreamingQuality, number>> = {
  original: 0,
  high: 320,
  normal: 160,
  dataSaver: 96,
};

export const STREAMING_QUALITY_LABELS: Readonly<Record<StreamingQuality, string>> = {
  original: 'Original',
  high: 'High (320 kbps)',
  normal: 'Normal (160 kbps)',
  dataSaver: 'Data saver (96 kbps)',
};

/** The lower of two limits in kbps, where 0 is no limit. */
export function lowerLimitKbps(a: number, b: number): number {
  if (a === 0) return b;
  if (b === 0) return a;
  return Math.min(a, b);
}
