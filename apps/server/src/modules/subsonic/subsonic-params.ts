import { invalidParameter, missingParameter } from './subsonic-response';

type RawValues = Readonly<Record<string, unknown>>;

/** The most values one parameter may repeat (`id=…&id=…`): a long playlist, with room. */
const MAX_REPEATS = 5000;

/**
 * A request's parameters, from its query and a form-encoded body together, each name with every
 * value it was given in order (`id=1&id=2`). Subsonic clients send either, or both.
 */
export class SubsonicParams {
  private constructor(
    private readonly values: ReadonlyMap<string, readonly string[]>,
    /** Whether a value held a NUL character, which no text column (PostgreSQL's) can hold. */
    private readonly hasNul: boolean,
  ) {}

  /** Refuses the whole request when a value held a NUL character. */
  ensureText(): void {
    if (this.hasNul) throw invalidParameter('values', 'text without NUL characters');
  }

  static of(...sources: readonly unknown[]): SubsonicParams {
    const values = new Map<string, string[]>();
    let hasNul = false;
    for (const source of sources) {
      if (source === null || typeof source !== 'object') continue;
      for (const [name, raw] of Object.entries(source as RawValues)) {
        const list = values.get(name) ?? [];
        for (const value of Array.isArray(raw) ? raw : [raw]) {
          if (typeof value !== 'string' || list.length >= MAX_REPEATS) continue;
          hasNul ||= value.includes('\u0000');
          list.push(value);
        }
        values.set(name, list);
      }
    }
    return new SubsonicParams(values, hasNul);
  }

  all(name: string): readonly string[] {
    return this.values.get(name) ?? [];
  }

  get(name: string): string | undefined {
    return this.values.get(name)?.[0];
  }

  required(name: string): string {
    const value = this.get(name);
    if (value === undefined || value === '') throw missingParameter(name);
    return value;
  }

  /** A whole number within [min, max], or `fallback` when absent. */
  int(name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
    const value = this.get(name);
    if (value === undefined || value === '') return fallback;
    return parseWhole(name, value, min, max);
  }

  optionalInt(name: string, min = 0, max = Number.MAX_SAFE_INTEGER): number | undefined {
    const value = this.get(name);
    return value === undefined || value === '' ? undefined : parseWhole(name, value, min, max);
  }

  requiredInt(name: string, min = 0, max = Number.MAX_SAFE_INTEGER): number {
    return parseWhole(name, this.required(name), min, max);
  }

  /** The `index`th value of a repeated parameter, as a whole number within [min, max]. */
  requiredIntAt(name: string, index: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
    const value = this.all(name)[index];
    if (value === undefined || value === '') throw missingParameter(name);
    return parseWhole(name, value, min, max);
  }

  /** `true`/`false` (any case), or `fallback` when absent. */
  bool(name: string, fallback: boolean): boolean {
    const value = this.get(name)?.toLowerCase();
    if (value === undefined || value === '') return fallback;
    if (value === 'true') return true;
    if (value === 'false') return false;
    throw invalidParameter(name, 'true or false');
  }
}

function parseWhole(name: string, value: string, min: number, max: number): number {
  const number = /^-?\d{1,16}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < min || number > max) {
    throw invalidParameter(name, `a whole number from ${min} to ${max}`);
  }
  return number;
}
