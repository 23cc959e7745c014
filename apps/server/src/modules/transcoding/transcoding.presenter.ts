import type { TranscodingInfo } from '@cadenza/contract/health';
import type { TranscodeFormat } from './stream-formats';

/** What this node can transcode, as `/api/ready` and the admin's library status say it. */
export function presentTranscoding(
  version: string | null,
  formats: readonly TranscodeFormat[],
): TranscodingInfo {
  return { available: version !== null, version, formats: [...formats] };
}
