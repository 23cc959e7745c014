import type { Share, SharedPage } from '@cadenza/contract/shares';
import type { MediaUrls } from '../delivery/media-urls';
import { presentSong } from '../songs/songs.presenter';
import type { NamedShare, SharedContent } from './shares.service';

/** The public page's path of a share. */
export const sharePath = (id: string) => `/share/${id}`;

export function presentShare(share: NamedShare): Share {
  return {
    _id: share.id,
    path: sharePath(share.id),
    kind: share.kind,
    title: share.title,
    description: share.description,
    expiresAt: share.expiresAt,
    allowDownload: share.allowDownload,
    viewCount: share.viewCount,
    playCount: share.playCount,
    lastViewedAt: share.lastViewedAt,
    createdAt: share.createdAt,
  };
}

/** What a visitor is shown: the songs with audio URLs, signed as for any listener. */
export function presentSharedPage(shared: SharedContent, urls: MediaUrls, now: number): SharedPage {
  const songs = shared.songs.map((song) => presentSong(song, urls, now));
  return {
    _id: shared.id,
    kind: shared.kind,
    title: shared.title,
    description: shared.description,
    sharedBy: shared.sharedBy,
    expiresAt: shared.expiresAt,
    allowDownload: shared.allowDownload,
    coverImage: songs[0]?.coverImage ?? urls.image(null, 'song'),
    songs,
  };
}
