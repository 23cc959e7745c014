import { useCatalogueMarks } from '@/api/catalogue/get-catalogue-marks';
import { useLikedAlbums } from '@/api/catalogue/get-liked-albums';
import { AlbumCard } from '@/components/album-card';
import { EmptyState } from '@/components/empty-state';
import { PageHeading } from '@/components/page-heading';
import { PagedResults } from '@/components/paged-results';
import { CardGridSkeleton } from '@/components/skeletons';
import { CardGrid, CardGridItem } from '@/components/song-grid';
import { countLabel } from './count-label';

/** The Albums tab of /library/liked: the albums the listener liked, newest like first. */
export function LikedAlbumsPanel() {
  const albums = useLikedAlbums();
  const count = useCatalogueMarks('album').data?.liked.length;
  return (
    <>
      <PageHeading
        title="Liked Albums"
        subtitle={count === undefined ? undefined : countLabel(count, 'album')}
      />
      <PagedResults
        query={albums}
        skeleton={<CardGridSkeleton label="Loading liked albums" count={12} />}
        errorMessage="Your liked albums could not be loaded."
        empty={
          <EmptyState text="You haven't liked any albums yet. Tap the heart on an album to find it here." />
        }
      >
        {(items) => (
          <CardGrid label="Liked Albums">
            {items.map((album) => (
              <CardGridItem key={album._id}>
                <AlbumCard album={album} />
              </CardGridItem>
            ))}
          </CardGrid>
        )}
      </PagedResults>
    </>
  );
}
