/** "31 Hz", "1 kHz", "16 kHz": a band as a slider's label says it. */
export function bandLabel(hz: number): string {
  return hz >= 1000 ? `${hz / 1000} kHz` : `${hz} Hz`;
}

/** "+3 dB", "-1.5 dB", "0 dB". */
export function decibelText(value: number): string {
  return `${value > 0 ? '+' : ''}${value} dB`;
}

/** "Off", "1 second", "6 seconds". */
export function crossfadeText(seconds: number): string {
  if (seconds === 0) return 'Off';
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}
