import type { SmartCriteria, SmartPlaylist } from '@cadenza/contract/smart-playlists';
import type { MediaUrls } from '../delivery/media-urls';
import type { PlaylistRecord } from './playlist-record';
import { presentPlaylist } from './playlists.presenter';

/** A smart playlist's JSON: a playlist card's fields, its seconds now, and its criteria. */
export function presentSmartPlaylist(
  playlist: PlaylistRecord & { readonly criteria: SmartCriteria },
  urls: MediaUrls,
): SmartPlaylist {
  const { rules, sort, limit } = playlist.criteria;
  return { ...presentPlaylist(playlist, urls), duration: playlist.duration, rules, sort, limit };
}
