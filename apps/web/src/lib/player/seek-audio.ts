import { audioElement, loadedAudio, setLoadedAudio } from './audio-output';

/**
 * Whether the element can reach `time` in what it loaded. A stream without a length (a transcode
 * being made) says it is seekable to infinity, but only reads forward through it.
 */
function seekableAt(audio: HTMLAudioElement, time: number): boolean {
  if (!Number.isFinite(audio.duration)) return false;
  for (let index = 0; index < audio.seekable.length; index += 1) {
    if (audio.seekable.start(index) <= time && time <= audio.seekable.end(index)) return true;
  }
  return false;
}

/**
 * Moves the loaded song to `time`. A transcode the server is still making comes without a length
 * or ranges and cannot be sought (back at all, forward only by reading on); it is asked for again
 * whole (`seekable=1`: the server answers once it has kept all of it, seconds for a song),
 * starting at `time`.
 */
export function seekAudio(time: number): void {
  const audio = audioElement();
  const loaded = loadedAudio();
  if (
    loaded &&
    audio.readyState >= HTMLMediaElement.HAVE_METADATA &&
    !seekableAt(audio, time) &&
    !loaded.url.includes('seekable=1')
  ) {
    const url = `${loaded.url}&seekable=1`;
    setLoadedAudio({ ...loaded, url });
    audio.src = url;
  }
  audio.currentTime = time;
}
