import type { RadioSeed } from '@cadenza/contract/radio';
import type { Song } from '@cadenza/contract/songs';
import { getRadioBatch } from '@/api/radio/radio';
import { usePlayer } from './player-store';
import type { QueueSource } from './queue';

/** A station asks for its next songs when this few of them are left to play. */
export const RADIO_REFILL_AT = 3;
/** How many songs a station asks for at a time. */
const RADIO_BATCH = 20;
/** How many of the songs heard and queued last it sends, so that none comes back soon. */
const RECENT_SENT = 200;

/** The page a station's "Next from" opens: its seed's own, or the first song's album. */
function seedPath(seed: RadioSeed, first: Song | undefined): string {
  switch (seed.kind) {
    case 'album':
      return `/album/${encodeURIComponent(seed.id)}`;
    case 'artist':
      return `/artist/${encodeURIComponent(seed.id)}`;
    case 'genre':
      return `/genres/${encodeURIComponent(seed.id)}`;
    case 'playlist':
      return `/playlist/${encodeURIComponent(seed.id)}`;
    case 'song':
      return first?.albumId ? `/album/${encodeURIComponent(first.albumId)}` : '/player';
  }
}

/**
 * Starts a radio station (docs/product.md, "Radio and mixes"): its first songs become the queue,
 * and the queue grows from the seed as it plays (`refillRadio`). A song seed that is playing
 * already plays on, with the station after it.
 */
export async function startRadio(seed: RadioSeed): Promise<void> {
  const batch = await getRadioBatch({ seed, count: RADIO_BATCH });
  const [first] = batch.songs;
  if (!first) return;
  const source: QueueSource = {
    kind: 'radio',
    label: batch.title,
    path: seedPath(seed, first),
    seed,
  };
  const player = usePlayer.getState();
  if (player.current?._id === first._id) player.playStarted(first, batch.songs, source);
  else player.playFrom(first, batch.songs, source);
}

/** True when the queue is a station's and this few of its songs are left to play. */
export function radioRunningLow(): RadioSeed | null {
  const { source, queue, current } = usePlayer.getState();
  if (!current || source?.kind !== 'radio' || !source.seed) return null;
  return queue.length - 1 <= RADIO_REFILL_AT ? source.seed : null;
}

/** Adds a station's next songs to the end of the queue, none of those heard or queued lately. */
export async function refillRadio(seed: RadioSeed): Promise<void> {
  const { history, queue } = usePlayer.getState();
  const recent = [...history, ...queue].map((song) => song._id).slice(-RECENT_SENT);
  const batch = await getRadioBatch({ seed, recent, count: RADIO_BATCH });
  const { source } = usePlayer.getState();
  // The listener may have left the station while its songs were on the way.
  if (source?.kind !== 'radio' || source.seed?.id !== seed.id) return;
  usePlayer.getState().extendSource(batch.songs);
}
