import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadProgress } from '@/lib/upload-with-progress';

/** Progress stops here until the server has answered (docs/product.md §4). */
export const UPLOAD_PROGRESS_CAP = 90;
/** The dialog closes this long after the upload completed. */
export const UPLOAD_CLOSE_DELAY_MS = 500;

export interface UploadState {
  active: boolean;
  /** 0–100: bytes sent, capped at 90 until the answer, then 100. */
  progress: number;
  complete: boolean;
}

/** 0–90: the share of an upload's bytes sent, or null while the browser cannot tell. */
export function sentPercent({ loaded, total }: UploadProgress): number | null {
  if (total <= 0) return null;
  return Math.min(UPLOAD_PROGRESS_CAP, Math.floor((loaded / total) * 100));
}

const IDLE: UploadState = { active: false, progress: 0, complete: false };

/** The state behind the upload overlay: start, report bytes, complete (then close), or fail. */
export function useUploadProgress() {
  const [state, setState] = useState<UploadState>(IDLE);
  const closeTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const start = useCallback(() => {
    window.clearTimeout(closeTimer.current);
    setState({ active: true, progress: 0, complete: false });
  }, []);

  const report = useCallback((sent: UploadProgress) => {
    const percent = sentPercent(sent);
    if (percent === null) return;
    setState((current) =>
      current.active && !current.complete && percent > current.progress
        ? { ...current, progress: percent }
        : current,
    );
  }, []);

  /** The server answered: 100 %, then `onClosed` after the delay. */
  const finish = useCallback((onClosed: () => void) => {
    setState({ active: true, progress: 100, complete: true });
    closeTimer.current = window.setTimeout(() => {
      setState(IDLE);
      onClosed();
    }, UPLOAD_CLOSE_DELAY_MS);
  }, []);

  const fail = useCallback(() => setState(IDLE), []);

  return { ...state, start, report, finish, fail };
}
