import { forAnyone, forListeners, OK, type SubsonicEndpoints } from './subsonic-endpoint';
import { SubsonicCode, SubsonicError } from './subsonic-response';

/** The OpenSubsonic extensions this server supports, with their versions. */
const EXTENSIONS = [
  { name: 'apiKeyAuthentication', versions: [1] },
  { name: 'formPost', versions: [1] },
  { name: 'songLyrics', versions: [1] },
  { name: 'indexBasedQueue', versions: [1] },
  { name: 'topSongsByArtistId', versions: [1] },
  { name: 'playbackReport', versions: [1] },
  { name: 'getPodcastEpisode', versions: [1] },
];

/**
 * With ffmpeg, a transcoded stream starts at `timeOffset` (OpenSubsonic's `transcodeOffset`), and
 * `getTranscodeDecision` can answer transcodes (`transcoding`).
 */
const WITH_FFMPEG = [
  { name: 'transcodeOffset', versions: [1] },
  { name: 'transcoding', versions: [1] },
];

/**
 * Whether the server answers and the caller signs in; what it is and what it supports.
 * `transcodes`: ffmpeg was found, so streams honour `timeOffset` and transcodes are offered.
 */
export function systemEndpoints(transcodes: boolean): SubsonicEndpoints {
  const extensions = transcodes ? [...EXTENSIONS, ...WITH_FFMPEG] : EXTENSIONS;
  return {
    ping: forListeners(async () => OK),
    getLicense: forListeners(async () => ({ license: { valid: true } })),
    // Clients ask before signing in which ways they may sign in (OpenSubsonic).
    getOpenSubsonicExtensions: forAnyone(async () => ({ openSubsonicExtensions: extensions })),
    tokenInfo: forListeners(async ({ caller }) => ({ tokenInfo: { username: caller.user.email } })),
    // Playing through the server's own speakers is not something a streaming server does.
    jukeboxControl: forListeners(async () => {
      throw new SubsonicError(SubsonicCode.generic, 'jukebox is not available on this server');
    }),
  };
}
