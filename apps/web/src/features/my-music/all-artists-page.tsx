import { useArtists } from '@/api/catalogue/get-artists';
import { ArtistCard } from '@/components/artist-card';
import { EmptyState } from '@/components/empty-state';
import { CardGridSkeleton } from '@/components/skeletons';
import { PageHeading, PageSection } from '@/components/page-heading';
import { PagedResults } from '@/components/paged-results';
import { CardGrid, CardGridItem } from '@/components/song-grid';

/** /library/artists: every artist as a grid of cards, alphabetical, by cursor. */
export function AllArtistsPage() {
  const artists = useArtists();
  return (
    <PageSection label="Artists">
      <PageHeading title="Artists" subtitle="Everyone in the library, A to Z" />
      <PagedResults
        query={artists}
        skeleton={<CardGridSkeleton label="Loading artists" count={12} round />}
        errorMessage="Artists could not be loaded."
        empty={
          <EmptyState text="No artists yet. Artists appear here as songs are added to the library." />
        }
      >
        {(items) => (
          <CardGrid label="Artists">
            {items.map((artist) => (
              <CardGridItem key={artist._id}>
                <ArtistCard artist={artist} />
              </CardGridItem>
            ))}
          </CardGrid>
        )}
      </PagedResults>
    </PageSection>
  );
}
