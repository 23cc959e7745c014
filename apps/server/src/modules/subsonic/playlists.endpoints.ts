import { playlistDescriptionField, playlistNameField } from '@cadenza/contract/playlists';
import { MAX_PAGE_SIZE } from '@cadenza/contract/paging';
import type { z } from 'zod';
import { listenerPolicy, type PlaylistPolicy } from '../playlists/playlist-policy';
import type { PlaylistRecord } from '../playlists/playlist-record';
import type { PlaylistsService } from '../playlists/playlists.service';
import type { SubsonicCaller } from './subsonic-auth';
import { forListeners, OK, type SubsonicEndpoints } from './subsonic-endpoint';
import { parseId } from './subsonic-ids';
import type { SubsonicLibrary } from './subsonic-library';
import type { SubsonicParams } from './subsonic-params';
import { presentPlaylist } from './subsonic.presenter';
import { SubsonicCode, SubsonicError } from './subsonic-response';

/** The playlist rules a caller is held to: a listener's, exactly as in the web app. */
export type PlaylistPolicyOf = (caller: SubsonicCaller) => PlaylistPolicy;
export const subsonicPlaylistPolicy: PlaylistPolicyOf = (caller) =>
  listenerPolicy({ userId: caller.user.id });

export interface PlaylistsDeps {
  readonly playlists: PlaylistsService;
  readonly library: SubsonicLibrary;
}

/** A text field checked by the same rule as the web app's form; code 0 with its message. */
function checked<T extends z.ZodType<string>>(field: T, value: string): string {
  const result = field.safeParse(value);
  if (!result.success) {
    throw new SubsonicError(SubsonicCode.generic, result.error.issues[0]?.message ?? 'Invalid');
  }
  return result.data;
}

function songIdsOf(params: SubsonicParams, name: string): string[] {
  return params.all(name).map((id) => parseId('song', id));
}

/** The caller's playlists and the public default ones, read and changed as in the web app. */
export function playlistsEndpoints({ playlists, library }: PlaylistsDeps): SubsonicEndpoints {
  const policyOf = subsonicPlaylistPolicy;

  const listAll = async (policy: PlaylistPolicy): Promise<PlaylistRecord[]> => {
    const all: PlaylistRecord[] = [];
    let cursor: string | undefined;
    do {
      const page = await playlists.list(policy, { limit: MAX_PAGE_SIZE, cursor });
      all.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    return all;
  };

  const withEntries = async (caller: SubsonicCaller, playlistId: string) => {
    const playlist = await playlists.get(policyOf(caller), playlistId);
    return {
      playlist: {
        ...presentPlaylist(playlist, caller.user),
        entry: await library.songs(caller, playlist.songs),
      },
    };
  };

  return {
    getPlaylists: forListeners(async ({ params, caller }) => {
      const asked = params.get('username');
      if (asked !== undefined && asked.trim().toLowerCase() !== caller.user.email) {
        throw new SubsonicError(SubsonicCode.notAuthorized, 'Only your own playlists are listed');
      }
      const found = await listAll(policyOf(caller));
      return { playlists: { playlist: found.map((item) => presentPlaylist(item, caller.user)) } };
    }),

    getPlaylist: forListeners(async ({ params, caller }) =>
      withEntries(caller, parseId('playlist', params.required('id'))),
    ),

    // With `playlistId`, replaces that playlist's songs; with `name`, makes a new one.
    createPlaylist: forListeners(async ({ params, caller }) => {
      const policy = policyOf(caller);
      const songIds = songIdsOf(params, 'songId');
      const existing = params.get('playlistId');
      if (existing !== undefined) {
        const playlistId = parseId('playlist', existing);
        await playlists.ensureSongsEditable(policy, playlistId);
        const current = await playlists.get(policy, playlistId);
        for (const song of current.songs) await playlists.removeSong(policy, playlistId, song.id);
        for (const songId of new Set(songIds)) await playlists.addSong(policy, playlistId, songId);
        return withEntries(caller, playlistId);
      }
      const name = checked(playlistNameField, params.required('name'));
      const created = await playlists.create(
        policy,
        caller.user.id,
        // Private, as on the web, until updatePlaylist makes it public (decision 071).
        { name, description: '', isPublic: false, songs: songIds },
        null,
      );
      return withEntries(caller, created.id);
    }),

    updatePlaylist: forListeners(async ({ params, caller }) => {
      const policy = policyOf(caller);
      const playlistId = parseId('playlist', params.required('playlistId'));
      const name = params.get('name');
      const comment = params.get('comment');
      const fields = {
        name: name === undefined ? undefined : checked(playlistNameField, name),
        description: comment === undefined ? undefined : checked(playlistDescriptionField, comment),
        isPublic: params.get('public') === undefined ? undefined : params.bool('public', true),
      };
      const removals = params.all('songIndexToRemove');
      // A smart playlist's songs are its rules': refused before anything changes.
      if (removals.length > 0 || params.all('songIdToAdd').length > 0) {
        await playlists.ensureSongsEditable(policy, playlistId);
      }
      await playlists.update(policy, playlistId, fields, undefined);
      if (removals.length > 0) {
        const { songs } = await playlists.get(policy, playlistId);
        const indexes = removals.map((_, index) =>
          params.requiredIntAt('songIndexToRemove', index, 0, songs.length - 1),
        );
        const gone = [...new Set(indexes)].map((index) => songs[index]?.id);
        for (const songId of gone) {
          if (songId !== undefined) await playlists.removeSong(policy, playlistId, songId);
        }
      }
      // A playlist holds a song once (the web app's rule): adding one already there is no
      // change, not a failure, since Subsonic apps expect lists that may repeat songs.
      const toAdd = songIdsOf(params, 'songIdToAdd');
      if (toAdd.length > 0) {
        const present = new Set(
          (await playlists.get(policy, playlistId)).songs.map(({ id }) => id),
        );
        for (const songId of new Set(toAdd)) {
          if (!present.has(songId)) await playlists.addSong(policy, playlistId, songId);
        }
      }
      return OK;
    }),

    deletePlaylist: forListeners(async ({ params, caller }) => {
      await playlists.delete(policyOf(caller), parseId('playlist', params.required('id')));
      return OK;
    }),
  };
}
