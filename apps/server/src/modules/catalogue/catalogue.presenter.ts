import type { Album, AlbumDetail, Artist } from '@cadenza/contract/catalogue';
import type { MediaUrls } from '../delivery/media-urls';
import { presentSong } from '../songs/songs.presenter';
import type { AlbumRecord, ArtistRecord } from './catalogue-records';
import type { AlbumWithTracks } from './catalogue.service';

export function presentAlbum(album: AlbumRecord, urls: MediaUrls): Album {
  return {
    _id: album.id,
    title: album.title,
    artist: { _id: album.artistId, name: album.artistName },
    year: album.year,
    genres: album.genres.map((genre) => ({ _id: genre.id, name: genre.name })),
    coverImage: urls.image(album.coverKey, 'song'),
    discCount: album.discCount,
    songCount: album.songCount,
    playCount: album.playCount,
    createdAt: album.createdAt,
    releaseTypes: [...album.releaseTypes],
    isCompilation: album.isCompilation,
    releaseDate: album.releaseDate,
  };
}

/** An album's page: the album, what its tags tell of it, and its tracks. */
export function presentAlbumDetail(
  { album, discTitles, songs }: AlbumWithTracks,
  urls: MediaUrls,
  songUrls: MediaUrls,
): AlbumDetail {
  return {
    ...presentAlbum(album, urls),
    originalReleaseDate: album.originalReleaseDate,
    recordLabels: [...album.recordLabels],
    durationMs: album.durationMs,
    discTitles: discTitles.map(({ disc, title }) => ({ disc, title })),
    musicBrainzId: album.musicBrainzId,
    songs: songs.map((song) => presentSong(song, songUrls)),
  };
}

export function presentArtist(artist: ArtistRecord, urls: MediaUrls): Artist {
  return {
    _id: artist.id,
    name: artist.name,
    sortName: artist.sortName,
    albumCount: artist.albumCount,
    songCount: artist.songCount,
    imageUrl: urls.image(artist.imageKey, 'cover'),
  };
}
