import type { Artist } from '@cadenza/contract/catalogue';
import { MediaCard } from './media-card';
import { artistPath } from './song-actions/song-menu-actions';

/** An artist as a card: round picture (their newest album's cover), name; opens /artist/:id. */
export function ArtistCard({ artist }: { artist: Pick<Artist, '_id' | 'name' | 'imageUrl'> }) {
  return (
    <MediaCard
      title={artist.name}
      href={artistPath(artist._id)}
      imageUrl={artist.imageUrl}
      round
      subtitle="Artist"
    />
  );
}
