import type { Song } from '@cadenza/contract/songs';
import { audioUrlExpired } from '../audio-url';
import { streamUrl } from '../stream-url';
import { fetchMedia } from './fetch-media';

/**
 * Songs longer than this are not decoded: a decoded song takes about 23 MB a minute (32-bit
 * samples, two channels, 48 kHz), so a long mix or an hour of a concert streams on the audio
 * element instead. With the current song and the next decoded, that is at most about 370 MB.
 */
export const LONGEST_DECODED_SECONDS = 8 * 60;
/** Nor are files larger than this (a lossless hour would be fetched whole to be decoded). */
export const LARGEST_DECODED_BYTES = 80 * 1024 * 1024;

type Entry =
  | { state: 'loading'; url: string; promise: Promise<AudioBuffer | null> }
  | { state: 'ready'; url: string; buffer: AudioBuffer }
  | { state: 'failed'; url: string };

/** Decoded songs by id: at most the ones the engine keeps (the current song and the next). */
const entries = new Map<string, Entry>();

export function decodable(song: Pick<Song, 'durationMs' | 'duration'>): boolean {
  const seconds = song.durationMs > 0 ? song.durationMs / 1000 : song.duration;
  return seconds > 0 && seconds <= LONGEST_DECODED_SECONDS;
}

async function fetchAndDecode(context: BaseAudioContext, url: string): Promise<AudioBuffer> {
  return context.decodeAudioData(await fetchMedia(url, LARGEST_DECODED_BYTES));
}

/** The song's decoded audio when it is ready; null while it loads, or if it cannot be decoded. */
export function decodedSong(songId: string): AudioBuffer | null {
  const entry = entries.get(songId);
  return entry?.state === 'ready' ? entry.buffer : null;
}

/**
 * Fetches and decodes `song` in the background (once; a song whose URL expired waits for a fresh
 * one). Answers the buffer, or null when the song cannot be decoded here: it then plays on the
 * element, which reports what is wrong with it.
 */
export function decodeSong(context: BaseAudioContext, song: Song): Promise<AudioBuffer | null> {
  const entry = entries.get(song._id);
  if (entry?.state === 'ready') return Promise.resolve(entry.buffer);
  if (entry?.state === 'loading') return entry.promise;
  const url = streamUrl(song.audioFile);
  if (entry?.state === 'failed' && entry.url === url) return Promise.resolve(null);
  if (!decodable(song) || audioUrlExpired(url)) return Promise.resolve(null);
  const promise = fetchAndDecode(context, url).then(
    (buffer) => {
      if (entries.get(song._id)?.url === url)
        entries.set(song._id, { state: 'ready', url, buffer });
      return buffer;
    },
    (error: unknown) => {
      console.debug('The song stays on the audio element', song._id, error);
      if (entries.get(song._id)?.url === url) entries.set(song._id, { state: 'failed', url });
      return null;
    },
  );
  entries.set(song._id, { state: 'loading', url, promise });
  return promise;
}

/** Lets go of every decoded song but these: memory holds the current song and the next only. */
export function keepDecodedSongs(songIds: ReadonlySet<string>): void {
  for (const id of entries.keys()) if (!songIds.has(id)) entries.delete(id);
}
