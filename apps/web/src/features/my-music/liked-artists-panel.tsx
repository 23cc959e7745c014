import { useCatalogueMarks } from '@/api/catalogue/get-catalogue-marks';
import { useLikedArtists } from '@/api/catalogue/get-liked-artists';
import { ArtistCard } from '@/components/artist-card';
import { EmptyState } from '@/components/empty-state';
import { PageHeading } from '@/components/page-heading';
import { PagedResults } from '@/components/paged-results';
import { CardGridSkeleton } from '@/components/skeletons';
import { CardGrid, CardGridItem } from '@/components/song-grid';
import { countLabel } from './count-label';

/** The Artists tab of /library/liked: the artists the listener liked, newest like first. */
export function LikedArtistsPanel() {
  const artists = useLikedArtists();
  const count = useCatalogueMarks('artist').data?.liked.length;
  return (
    <>
      <PageHeading
        title="Liked Artists"
        subtitle={count === undefined ? undefined : countLabel(count, 'artist')}
      />
      <PagedResults
        query={artists}
        skeleton={<CardGridSkeleton label="Loading liked artists" count={12} round />}
        errorMessage="Your liked artists could not be loaded."
        empty={
          <EmptyState text="You haven't liked any artists yet. Tap the heart on an artist to find them here." />
        }
      >
        {(items) => (
          <CardGrid label="Liked Artists">
            {items.map((artist) => (
              <CardGridItem key={artist._id}>
                <ArtistCard artist={artist} />
              </CardGridItem>
            ))}
          </CardGrid>
        )}
      </PagedResults>
    </>
  );
}
