import type { Song } from '@cadenza/contract/songs';
import type { PlaybackSettings } from '../playback-settings';
import { continuesAlbum } from './album-order';
import {
  applyEqualiser,
  applyMasterVolume,
  audioGraph,
  runningGraph,
  wakeAudioGraph,
  type AudioGraph,
} from './audio-graph';
import {
  crossfadeSeconds,
  equalPowerCurve,
  followerStart,
  SHORT_FADE_SECONDS,
  SKIP_FADE_SECONDS,
} from './crossfade-plan';
import { decodedSong, decodeSong, keepDecodedSongs } from './decoded-songs';
import { replayGainFor } from './replay-gain';

/**
 * How far ahead a voice is started when the element hands a song over: time for the graph to
 * take the new source before its first sample is due. A busy machine can take the new nodes
 * late; a source that starts after its fade-in was due would start at full level, mid-wave, as a
 * click. The element sounds until then, so a generous lead costs nothing audible.
 */
const HANDOVER_LEAD_SECONDS = 0.15;
/** The element (a silent clock while a voice sounds) is put back in step past this drift. */
const LARGEST_DRIFT_SECONDS = 0.25;
/** Points of a crossfade's gain curves. */
const CURVE_POINTS = 256;

/** A decoded song sounding (or scheduled to) in the graph. */
interface Voice {
  song: Song;
  source: AudioBufferSourceNode;
  /** Fades (crossfade, skip, pause). */
  envelope: GainNode;
  /** ReplayGain. */
  level: GainNode;
  /** Graph time at which `offset` seconds of the song sound. */
  startsAt: number;
  offset: number;
  /** Graph time at which the song's last sample has sounded. */
  endsAt: number;
}

/** What the player says should sound. */
export interface EngineState {
  current: Song | null;
  /** What plays after the current song: the next in the queue, or the same song on repeat. */
  follower: Song | null;
  isPlaying: boolean;
}

let element: HTMLAudioElement | null = null;
let state: EngineState = { current: null, follower: null, isPlaying: false };
let settings: PlaybackSettings | null = null;
let output = { volume: 1, muted: false };
/** The song played before the current one (for "an album played in order"). */
let previousSong: Song | null = null;
/** The song whose sound the graph gives (the element plays it silently, as a clock). */
let voicedSongId: string | null = null;
let current: Voice | null = null;
let following: Voice | null = null;
let fading: Voice[] = [];
let transitionTimer: ReturnType<typeof setTimeout> | undefined;
let muteTimer: ReturnType<typeof setTimeout> | undefined;
let ownSeek = false;
/** The song the engine is handing the player to (moveOn): its start is no skip. */
let movingTo: string | null = null;
let onTransition: () => void = () => undefined;

function position(voice: Voice, graph: AudioGraph): number {
  return voice.offset + Math.max(0, graph.context.currentTime - voice.startsAt);
}

function levelOf(song: Song, albumInOrder: boolean): number {
  return settings ? replayGainFor(song, settings, albumInOrder) : 1;
}

function currentInOrder(): boolean {
  const song = state.current;
  return continuesAlbum(previousSong, song) || continuesAlbum(song, state.follower);
}

/** The element's volume: silent while the graph voices its song, else the song's level. */
function applyElementVolume(): void {
  if (!element) return;
  const song = state.current;
  if (song && voicedSongId === song._id) {
    element.volume = 0;
    return;
  }
  const level = song ? Math.min(1, levelOf(song, currentInOrder())) : 1;
  element.volume = output.muted ? 0 : output.volume * level;
}

function startVoice(
  graph: AudioGraph,
  song: Song,
  buffer: AudioBuffer,
  at: number,
  offset: number,
) {
  const { context } = graph;
  const source = context.createBufferSource();
  source.buffer = buffer;
  const envelope = context.createGain();
  const level = context.createGain();
  source.connect(envelope).connect(level).connect(graph.input);
  const startOffset = Math.min(Math.max(0, offset), buffer.duration);
  source.start(at, startOffset);
  const voice: Voice = {
    song,
    source,
    envelope,
    level,
    startsAt: at,
    offset: startOffset,
    endsAt: at + (buffer.duration - startOffset),
  };
  source.onended = () => {
    source.disconnect();
    envelope.disconnect();
    level.disconnect();
    fading = fading.filter((voice) => voice.source !== source);
  };
  return voice;
}

/** Fades a voice out from now over `seconds` and lets it go. */
function release(voice: Voice | null, seconds: number): void {
  const graph = runningGraph() ?? audioGraph();
  if (!voice || !graph) return;
  const now = graph.context.currentTime;
  const gain = voice.envelope.gain;
  if (voice.startsAt >= now) {
    voice.source.stop();
    return;
  }
  gain.cancelScheduledValues(now);
  gain.setValueAtTime(gain.value, now);
  gain.linearRampToValueAtTime(0, now + seconds);
  voice.source.stop(now + seconds);
  fading.push(voice);
}

function releaseAll(seconds: number): void {
  clearTimeout(transitionTimer);
  release(current, seconds);
  release(following, seconds);
  current = null;
  following = null;
}

/**
 * Plans what follows the current voice: the next song's voice scheduled at the current one's
 * last sample (or overlapping it by the crossfade), and the moment the player moves on to it.
 */
function planFollower(graph: AudioGraph): void {
  clearTimeout(transitionTimer);
  const voice = current;
  if (!voice) return;
  const next = state.follower;
  const nextBuffer = next ? decodedSong(next._id) : null;
  if (following && following.song._id !== next?._id) {
    release(following, SHORT_FADE_SECONDS);
    following = null;
  }
  const now = graph.context.currentTime;
  if (next && nextBuffer && !following) {
    const chosen = settings?.crossfadeSeconds ?? 0;
    const currentBuffer = voice.source.buffer;
    const wanted = crossfadeSeconds(
      voice.song,
      currentBuffer?.duration ?? 0,
      next,
      nextBuffer.duration,
      chosen,
    );
    const { at, overlap } = followerStart(voice.endsAt, now, wanted);
    following = startVoice(graph, next, nextBuffer, at, 0);
    following.level.gain.value = levelOf(next, continuesAlbum(voice.song, next));
    if (overlap > 0) {
      following.envelope.gain.setValueCurveAtTime(equalPowerCurve(CURVE_POINTS, 'in'), at, overlap);
      voice.envelope.gain.setValueCurveAtTime(equalPowerCurve(CURVE_POINTS, 'out'), at, overlap);
    }
  }
  const moveAt = following ? following.startsAt : voice.endsAt;
  transitionTimer = setTimeout(moveOn, Math.max(0, (moveAt - now) * 1000));
}

/** The current voice has ended, or the next one starts: the player moves on to the next song. */
function moveOn(): void {
  if (following) {
    fading.push(...(current ? [current] : []));
    previousSong = current?.song ?? previousSong;
    current = following;
    following = null;
    voicedSongId = current.song._id;
  } else {
    current = null;
  }
  // The player takes the next song now (synchronously: the engine follows the store as it
  // changes), so that the song after it is planned at once, a repeated song too.
  movingTo = current?.song._id ?? null;
  try {
    onTransition();
  } finally {
    movingTo = null;
  }
  const graph = runningGraph();
  if (graph && current && !following) planFollower(graph);
}

/**
 * Gives the current song's sound to the graph from where the element is: on a handover (the
 * element sounded it until now; it falls silent as the voice fades in), after a pause, and on a
 * seek (`seeked`: the element, silent, says where). Otherwise a sounding voice is the master and
 * the element follows it (keepElementInStep): an element still loading must not pull it back.
 */
function voiceFromElement(seeked = false): void {
  const graph = runningGraph();
  const song = state.current;
  if (!graph || !element || !song || element.paused || !state.isPlaying) return;
  const buffer = decodedSong(song._id);
  if (!buffer) return;
  const target = element.currentTime;
  if (current?.song._id === song._id) {
    if (!seeked || Math.abs(position(current, graph) - target) < LARGEST_DRIFT_SECONDS) return;
  }
  const handover = voicedSongId !== song._id;
  const lead = handover ? HANDOVER_LEAD_SECONDS : 0;
  releaseAll(SHORT_FADE_SECONDS);
  const at = graph.context.currentTime + lead;
  current = startVoice(graph, song, buffer, at, target + lead);
  current.level.gain.value = levelOf(song, currentInOrder());
  current.envelope.gain.setValueAtTime(0, at);
  current.envelope.gain.linearRampToValueAtTime(1, at + SHORT_FADE_SECONDS);
  voicedSongId = song._id;
  clearTimeout(muteTimer);
  if (handover) muteTimer = setTimeout(applyElementVolume, lead * 1000);
  else applyElementVolume();
  planFollower(graph);
}

/** The element (playing silently) is put back in step with the voice. */
function keepElementInStep(): void {
  const song = state.current;
  if (song && voicedSongId !== song._id && element && !element.seeking && decodedSong(song._id)) {
    // A handover missed: the song was decoded while the graph was still waking (its clock starts
    // after the click's resume, late on a loaded machine) and 'playing' had come before. Without
    // this, the whole song would stay on the element.
    voiceFromElement();
    return;
  }
  const graph = runningGraph();
  if (!graph || !element || !current || element.seeking || element.paused) return;
  if (current.song._id !== state.current?._id) return;
  const heard = position(current, graph);
  if (Math.abs(element.currentTime - heard) > LARGEST_DRIFT_SECONDS) {
    ownSeek = true;
    element.currentTime = heard;
  }
}

function handleSeeking(): void {
  if (!ownSeek) voiceFromElement(true);
}

function handleSeeked(): void {
  if (ownSeek) ownSeek = false;
  else voiceFromElement(true);
}

function handlePlaying(): void {
  voiceFromElement();
}

function handlePause(): void {
  if (!element?.ended) releaseAll(SHORT_FADE_SECONDS);
}

/** The element the engine follows as its clock, and what to do when a song gives way to the next. */
export function attachEngine(audio: HTMLAudioElement, moveToNext: () => void): () => void {
  element = audio;
  onTransition = moveToNext;
  const listeners: [string, () => void][] = [
    ['playing', handlePlaying],
    ['seeking', handleSeeking],
    ['seeked', handleSeeked],
    ['pause', handlePause],
    ['timeupdate', keepElementInStep],
  ];
  for (const [type, listener] of listeners) audio.addEventListener(type, listener);
  return () => {
    for (const [type, listener] of listeners) audio.removeEventListener(type, listener);
    releaseAll(SHORT_FADE_SECONDS);
    voicedSongId = null;
    element = null;
  };
}

/** The player's state changed: decode what will sound while it plays, and follow a song change. */
export function followPlayer(next: EngineState): void {
  const songChanged = next.current?._id !== state.current?._id;
  if (songChanged && state.current) previousSong = state.current;
  state = next;
  const keep = new Set([next.current?._id, next.follower?._id].filter((id) => id !== undefined));
  keepDecodedSongs(keep);
  if (songChanged && voicedSongId !== next.current?._id) {
    voicedSongId = null;
    releaseAll(SKIP_FADE_SECONDS);
  }
  applyElementVolume();
  const graph = audioGraph();
  if (!graph) return;
  applyMasterVolume(output.volume, output.muted);
  if (settings) applyEqualiser(settings);
  // Paused (a queue restored by a reload, say), nothing is read or decoded: those downloads would
  // hold up the song the listener clicks instead. Play comes back here and decodes what sounds.
  if (!next.isPlaying) return;
  const song = next.current;
  if (song) {
    void decodeSong(graph.context, song).then(() => {
      if (state.current?._id === song._id && voicedSongId !== song._id) voiceFromElement();
    });
  }
  if (next.follower) {
    void decodeSong(graph.context, next.follower).then(() => {
      const live = runningGraph();
      if (live && current) planFollower(live);
    });
  }
  const live = runningGraph();
  if (live && current) planFollower(live);
}

/**
 * A song starts from its beginning (a click, Next, or the end of the one before). Answers the
 * volume its element takes: none when the graph sounds it (the voice already started at the
 * previous song's last sample, or its decoded audio starts now, the previous song fading out
 * quickly), else the song's level.
 */
export function songStarting(song: Song): number {
  wakeAudioGraph();
  const graph = runningGraph();
  if (movingTo !== null && movingTo === song._id && current?.song._id === song._id) return 0;
  if (state.current) previousSong = state.current;
  state = { ...state, current: song, isPlaying: true };
  voicedSongId = null;
  releaseAll(SKIP_FADE_SECONDS);
  const buffer = decodedSong(song._id);
  if (graph && buffer) {
    current = startVoice(graph, song, buffer, graph.context.currentTime, 0);
    current.level.gain.value = levelOf(song, continuesAlbum(previousSong, song));
    voicedSongId = song._id;
    return 0;
  }
  const level = Math.min(1, levelOf(song, continuesAlbum(previousSong, song)));
  return output.muted ? 0 : output.volume * level;
}

/** True while the graph voices this song: its end, not the element's, moves the player on. */
export function engineVoices(songId: string): boolean {
  return voicedSongId === songId;
}

export function setEngineOutput(volume: number, muted: boolean): void {
  output = { volume, muted };
  applyMasterVolume(volume, muted);
  applyElementVolume();
}

export function setEngineSettings(next: PlaybackSettings): void {
  settings = next;
  applyEqualiser(next);
  if (current) current.level.gain.value = levelOf(current.song, currentInOrder());
  if (following && current) {
    following.level.gain.value = levelOf(
      following.song,
      continuesAlbum(current.song, following.song),
    );
  }
  applyElementVolume();
}
