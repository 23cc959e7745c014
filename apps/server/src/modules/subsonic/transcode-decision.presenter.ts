import { presentStreamDetails } from './audio-facts';
import type { SubsonicNode } from './subsonic-response';
import type { TranscodeDecision } from './transcode-decision';
import type { DecidedStream } from './transcode-params';

/** OpenSubsonic's `transcodeDecision`, with the `transcodeParams` signed for it (if any). */
export function presentTranscodeDecision(
  decision: TranscodeDecision,
  transcodeParams: string | null,
): SubsonicNode {
  return {
    canDirectPlay: decision.canDirectPlay,
    canTranscode: decision.transcode !== null,
    transcodeReason: decision.transcodeReasons.length > 0 ? decision.transcodeReasons : undefined,
    errorReason: decision.errorReason ?? undefined,
    transcodeParams: transcodeParams ?? undefined,
    sourceStream: presentStreamDetails(decision.source),
    transcodeStream: decision.transcode
      ? presentStreamDetails(decision.transcode.stream)
      : undefined,
  };
}

/** What a decision sends: the file, a transcode, or nothing that plays. */
export function decidedStreamOf(decision: TranscodeDecision): DecidedStream | null {
  if (decision.transcode) {
    const { format, kbps } = decision.transcode;
    return { kind: 'transcode', format, kbps };
  }
  return decision.canDirectPlay ? { kind: 'original' } : null;
}
