import type { Song } from '@cadenza/contract/songs';
import { audioUrlExpired } from './audio-url';
import { whenIdle } from '../when-idle';

/** The audio URL the element was last told to load, and whether it was refreshed after an error. */
export interface LoadedAudio {
  songId: string;
  url: string;
  retried: boolean;
}

/** Called when the element refuses to play (no user gesture, unplayable file). */
type OnRefused = () => void;

/** Called when the element has started playing (its play() promise resolved). */
type OnStarted = () => void;

/**
 * What the sound engine (lib/player/engine, loaded with the player) says when a song starts:
 * the element's volume (none when the engine's graph sounds the song), and a call that wakes the
 * graph within a click. Until the engine has loaded, the element plays alone.
 */
export interface SoundHooks {
  songStarting: (song: Song) => number;
  wake: () => void;
}

let soundHooks: SoundHooks | null = null;

export function setSoundHooks(hooks: SoundHooks | null): void {
  soundHooks = hooks;
}

/** The longest prepareAudioElement waits for an idle moment. */
const IDLE_WAIT_MS = 2000;

let element: HTMLAudioElement | null = null;
let loaded: LoadedAudio | null = null;

/**
 * The one <audio> element of the app. It lives outside React, so that a click can start a song
 * on it at once (within the click, a user gesture) rather than after a store update, a render
 * and the player's code arriving; the player engine listens to it and keeps it in step.
 */
export function audioElement(): HTMLAudioElement {
  if (!element) {
    element = document.createElement('audio');
    element.preload = 'metadata';
    element.hidden = true;
    element.dataset.testid = 'player-audio';
  }
  if (!element.isConnected) document.body.append(element);
  return element;
}

/**
 * Makes the element while the page is idle, ahead of the first click on a play button: attaching
 * it to the document costs a style pass that would otherwise sit between that click and its
 * audio request. Answers a cancel for an unmount before then.
 */
export function prepareAudioElement(): () => void {
  if (element?.isConnected) return () => undefined;
  return whenIdle(() => audioElement(), IDLE_WAIT_MS);
}

/**
 * The address a song streams from, at the listener's quality: given by the player's code
 * (`stream-url.ts`, in the player's chunk, fetched while a signed-in page is idle) so that the
 * first page's download stays as it was. A song started before it came is loaded as it is, and
 * the player engine moves it to the listener's quality once it is there.
 */
let addressOf: (audioFile: string) => string = (audioFile) => audioFile;

export function setStreamAddress(address: (audioFile: string) => string): void {
  addressOf = address;
}

export function loadedAudio(): LoadedAudio | null {
  return loaded;
}

export function setLoadedAudio(value: LoadedAudio | null): void {
  loaded = value;
}

/**
 * Starts the element; a refusal calls `onRefused` (a superseded play() is no refusal), the start
 * of the sound `onStarted`.
 */
export function playAudio(
  audio: HTMLAudioElement,
  onRefused: OnRefused,
  onStarted?: OnStarted,
): void {
  Promise.resolve(audio.play()).then(onStarted, (error: unknown) => {
    // Loading another song aborts the previous play(): not a refusal, the new song plays.
    if (error instanceof DOMException && error.name === 'AbortError') return;
    console.debug('Playback was refused', error);
    onRefused();
  });
}

/**
 * Loads `song` and starts it from its beginning, now. False when its signed URL has expired:
 * the engine then fetches a fresh one and starts it.
 */
export function startSong(
  song: Song,
  output: { volume: number; muted: boolean },
  onRefused: OnRefused,
  onStarted?: OnStarted,
): boolean {
  if (audioUrlExpired(song.audioFile)) return false;
  const audio = audioElement();
  audio.volume = soundHooks ? soundHooks.songStarting(song) : output.muted ? 0 : output.volume;
  const url = addressOf(song.audioFile);
  loaded = { songId: song._id, url, retried: false };
  audio.src = url;
  playAudio(audio, onRefused, onStarted);
  return true;
}

/** Plays on if the element holds this song (and is paused). */
export function resumeSong(songId: string, onRefused: OnRefused): void {
  soundHooks?.wake();
  if (element && loaded?.songId === songId && element.paused) playAudio(element, onRefused);
}

export function pauseAudio(): void {
  if (element && !element.paused) element.pause();
}

/** Nothing to play any more: the element lets go of its source. */
export function stopAudio(): void {
  loaded = null;
  if (element?.hasAttribute('src')) {
    element.removeAttribute('src');
    element.load();
  }
}
