import type { Artist } from '@cadenza/contract/catalogue';
import { artistMenuActions } from './collection-actions/collection-menu-actions';
import { useCollectionActions } from './collection-actions/use-collection-actions';
import { useLikeEntry } from './collection-actions/use-like-entry';
import { MediaCard } from './media-card';
import { artistPath } from './song-actions/song-menu-actions';

/**
 * An artist as a card: round picture (their newest album's cover), name; opens /artist/:id, and
 * has the artist's menu (with its Like or Unlike).
 */
export function ArtistCard({ artist }: { artist: Pick<Artist, '_id' | 'name' | 'imageUrl'> }) {
  const collectionActions = useCollectionActions();
  const like = useLikeEntry('artist', artist._id);
  return (
    <MediaCard
      title={artist.name}
      href={artistPath(artist._id)}
      imageUrl={artist.imageUrl}
      round
      subtitle="Artist"
      menuActions={artistMenuActions(artist, collectionActions, like)}
    />
  );
}
