import type { Album, Artist } from '@cadenza/contract/catalogue';
import type { MediaUrls } from '../delivery/media-urls';
import type { AlbumRecord, ArtistRecord } from './catalogue-records';

export function presentAlbum(album: AlbumRecord, urls: MediaUrls): Album {
  return {
    _id: album.id,
    title: album.title,
    artist: { _id: album.artistId, name: album.artistName },
    year: album.year,
    coverImage: urls.image(album.coverKey, 'song'),
    discCount: album.discCount,
    songCount: album.songCount,
    playCount: album.playCount,
    createdAt: album.createdAt,
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
