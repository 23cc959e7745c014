import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Podcast } from '@cadenza/contract/podcasts';
import { useQuery } from '@tanstack/react-query';
import { getPodcasts } from '@/api/podcasts/podcasts';
import { podcastKeys } from '@/api/query-keys';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeading, PageSection } from '@/components/page-heading';
import { selectIsAdmin, useAuthStore } from '@/lib/auth-store';
import { SubscribeForm } from './components/subscribe-form';

const GRID = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))',
  gap: 2,
  listStyle: 'none',
  m: 0,
  p: 0,
} as const;

export const podcastPath = (id: string) => `/podcasts/${id}`;

function PodcastTile({ podcast }: { podcast: Podcast }) {
  return (
    <Link
      href={podcastPath(podcast._id)}
      underline="none"
      color="inherit"
      sx={{ display: 'block' }}
    >
      <Box
        component="img"
        src={podcast.coverUrl}
        alt=""
        loading="lazy"
        sx={{
          width: '100%',
          aspectRatio: '1',
          objectFit: 'cover',
          borderRadius: 2,
          display: 'block',
        }}
      />
      <Typography noWrap sx={{ fontWeight: 700, mt: 1 }}>
        {podcast.title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {podcast.episodeCount === 1 ? '1 episode' : `${podcast.episodeCount} episodes`}
      </Typography>
    </Link>
  );
}

/** /podcasts: every podcast the server follows; administrators add them here. */
export function PodcastsPage() {
  const isAdmin = useAuthStore(selectIsAdmin);
  const podcasts = useQuery({
    queryKey: podcastKeys.list(),
    queryFn: ({ signal }) => getPodcasts(signal),
  });

  const renderPodcasts = () => {
    if (podcasts.isPending) {
      return (
        <Box role="status" aria-label="Loading podcasts" aria-busy sx={GRID}>
          {Array.from({ length: 6 }, (_, tile) => (
            <Skeleton key={tile} variant="rounded" sx={{ aspectRatio: '1', height: 'auto' }} />
          ))}
        </Box>
      );
    }
    if (podcasts.isError) {
      return (
        <LoadError
          message="Podcasts could not be loaded."
          onRetry={() => podcasts.refetch()}
          retrying={podcasts.isFetching}
        />
      );
    }
    if (podcasts.data.length === 0) {
      return (
        <EmptyState
          text={
            isAdmin
              ? 'No podcasts yet. Add one by its feed URL above.'
              : 'No podcasts yet. An administrator can add them.'
          }
        />
      );
    }
    return (
      <Box component="ul" aria-label="Podcasts" sx={GRID}>
        {podcasts.data.map((podcast) => (
          <li key={podcast._id}>
            <PodcastTile podcast={podcast} />
          </li>
        ))}
      </Box>
    );
  };

  return (
    <PageSection label="Podcasts">
      <PageHeading
        title="Podcasts"
        subtitle="Shows this server follows, with new episodes as they come"
      />
      {isAdmin && <SubscribeForm />}
      {renderPodcasts()}
    </PageSection>
  );
}
