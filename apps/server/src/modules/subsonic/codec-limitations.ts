import { sameCodec, type AudioFacts } from './audio-facts';
import type { CodecProfile, Limitation } from './client-info';

/** The limitations the client's codec profiles set on `codec`. */
export function limitationsOf(codec: string, profiles: readonly CodecProfile[]): Limitation[] {
  return profiles
    .filter((profile) => sameCodec(profile.name, codec))
    .flatMap((profile) => profile.limitations ?? []);
}

function factOf(facts: AudioFacts, name: Limitation['name']): number | string | null {
  switch (name) {
    case 'audioChannels':
      return facts.channels;
    case 'audioBitrate':
      return facts.bitRate;
    case 'audioSamplerate':
      return facts.sampleRate;
    case 'audioBitdepth':
      return facts.bitDepth;
    case 'audioProfile':
      return facts.profile;
  }
}

/** Whether `fact` passes the comparison; a fact that is not known passes none. */
function passes(fact: number | string | null, { comparison, values }: Limitation): boolean {
  if (fact === null) return false;
  if (typeof fact === 'string') {
    const same = values.some((value) => value.toLowerCase() === fact.toLowerCase());
    // A profile has no order: only (not) being one of the values means something.
    if (comparison === 'Equals') return same;
    if (comparison === 'NotEquals') return !same;
    return true;
  }
  const numbers = values.map(Number);
  switch (comparison) {
    case 'Equals':
      return numbers.includes(fact);
    case 'NotEquals':
      return !numbers.includes(fact);
    case 'LessThanEqual':
      return fact <= (numbers[0] ?? Infinity);
    case 'GreaterThanEqual':
      return fact >= (numbers[0] ?? 0);
  }
}

/**
 * Why `facts` fail the first required limitation they do not meet (or cannot be shown to
 * meet, a fact not being known); null when they meet them all. Limitations that are not
 * required are wishes, never a reason.
 */
export function unmetLimitation(
  facts: AudioFacts,
  limitations: readonly Limitation[],
): string | null {
  for (const limitation of limitations) {
    if (!limitation.required) continue;
    const fact = factOf(facts, limitation.name);
    if (passes(fact, limitation)) continue;
    return `${limitation.name} ${fact ?? 'not known'} is not ${limitation.comparison} ${limitation.values.join(', ')} (codec profile of ${facts.codec})`;
  }
  return null;
}

/**
 * The bit rate, kbps, a transcode is made at once the client's `audioBitrate` limitations (in
 * bits per second, in their order) have moved `kbps` as far as the range allows: down to a
 * `LessThanEqual`, up to a `GreaterThanEqual`, onto the nearest of an `Equals`' values.
 */
export function kbpsWithin(
  kbps: number,
  limitations: readonly Limitation[],
  range: { readonly minKbps: number; readonly maxKbps: number },
): number {
  let chosen = kbps;
  const fits = (candidate: number) => candidate >= range.minKbps && candidate <= range.maxKbps;
  for (const { name, comparison, values } of limitations) {
    if (name !== 'audioBitrate') continue;
    const numbers = values.map(Number);
    const first = numbers[0] ?? 0;
    if (comparison === 'LessThanEqual' && chosen * 1000 > first) {
      const lower = Math.floor(first / 1000);
      if (fits(lower)) chosen = lower;
    } else if (comparison === 'GreaterThanEqual' && chosen * 1000 < first) {
      const higher = Math.ceil(first / 1000);
      if (fits(higher)) chosen = higher;
    } else if (comparison === 'Equals' && !numbers.includes(chosen * 1000)) {
      const candidates = numbers
        .filter((value) => value % 1000 === 0 && fits(value / 1000))
        .map((value) => value / 1000);
      const below = candidates.filter((value) => value <= chosen);
      const pick = below.length > 0 ? Math.max(...below) : Math.min(...candidates);
      if (Number.isFinite(pick)) chosen = pick;
    }
  }
  return chosen;
}
