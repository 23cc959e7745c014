/** What readiness checks, in the order it reports them. */
export const CHECK_NAMES = ['database', 'migrations', 'storage'] as const;
export type CheckName = (typeof CHECK_NAMES)[number];

/** One check's outcome, with a sentence saying what was found (never a host or a path). */
export interface CheckResult {
  readonly ok: boolean;
  readonly message: string;
}

/** Whether this node can serve requests, check by check. */
export interface ReadinessRecord {
  /** True when every check passed. */
  readonly ready: boolean;
  readonly checks: Readonly<Record<CheckName, CheckResult>>;
  /** Information, not a check: what this node can transcode. */
  readonly transcoding: TranscodingRecord;
}

export interface TranscodingRecord {
  readonly version: string | null;
  readonly formats: readonly ('mp3' | 'opus' | 'aac')[];
}

/** The checks that failed, in the order of CHECK_NAMES. */
export function failedChecks(readiness: ReadinessRecord): CheckName[] {
  return CHECK_NAMES.filter((name) => !readiness.checks[name].ok);
}
