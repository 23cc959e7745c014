import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ALBUM_SORTS, type AlbumSort } from '@cadenza/contract/catalogue';
import { useSearchParams } from 'react-router';
import { useAlbums } from '@/api/catalogue/get-albums';
import { AlbumCard } from '@/components/album-card';
import { EmptyState } from '@/components/empty-state';
import { CardGridSkeleton } from '@/components/skeletons';
import { PageHeading, PageSection } from '@/components/page-heading';
import { PagedResults } from '@/components/paged-results';
import { CardGrid, CardGridItem } from '@/components/song-grid';

const SORT_LABELS: Record<AlbumSort, string> = {
  newest: 'Newest',
  title: 'Title',
  artist: 'Artist',
  year: 'Year',
  most_played: 'Most played',
};

function sortOf(value: string | null): AlbumSort {
  return ALBUM_SORTS.find((sort) => sort === value) ?? 'newest';
}

/** /library/albums: every album as a grid of cards, in the order chosen (?sort=), by cursor. */
export function AllAlbumsPage() {
  const [params, setParams] = useSearchParams();
  const sort = sortOf(params.get('sort'));
  const albums = useAlbums(sort);

  const changeSort = (next: AlbumSort) =>
    setParams(next === 'newest' ? {} : { sort: next }, { replace: true });

  return (
    <PageSection label="Albums">
      <PageHeading
        title="Albums"
        subtitle="Every album in the library"
        actions={
          <TextField
            select
            size="small"
            label="Sort by"
            value={sort}
            onChange={(event) => changeSort(sortOf(event.target.value))}
            sx={{ minWidth: 160 }}
          >
            {ALBUM_SORTS.map((option) => (
              <MenuItem key={option} value={option}>
                {SORT_LABELS[option]}
              </MenuItem>
            ))}
          </TextField>
        }
      />
      <PagedResults
        query={albums}
        skeleton={<CardGridSkeleton label="Loading albums" count={12} />}
        errorMessage="Albums could not be loaded."
        empty={
          <EmptyState text="No albums yet. Albums appear here as songs are added to the library." />
        }
      >
        {(items) => (
          <CardGrid label="Albums">
            {items.map((album) => (
              <CardGridItem key={album._id}>
                <AlbumCard album={album} />
              </CardGridItem>
            ))}
          </CardGrid>
        )}
      </PagedResults>
    </PageSection>
  );
}
