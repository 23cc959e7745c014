import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import RadioIcon from '@mui/icons-material/Radio';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Station } from '@cadenza/contract/internet-radio';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getStations, removeStation } from '@/api/internet-radio/stations';
import { stationKeys } from '@/api/query-keys';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeading, PageSection } from '@/components/page-heading';
import { useToast } from '@/components/toast-context';
import { errorMessage } from '@/lib/api-client';
import { selectIsAdmin, useAuthStore } from '@/lib/auth-store';
import { useSidePlayer } from '@/lib/side-player';
import { AddStationForm } from './components/add-station-form';

function StationRow({ station, onRemove }: { station: Station; onRemove: (() => void) | null }) {
  const play = useSidePlayer((state) => state.play);
  return (
    <ListItem divider sx={{ px: 0, gap: 2, flexWrap: 'wrap' }}>
      <Box
        sx={{
          width: 48,
          height: 48,
          borderRadius: 1,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.selected',
          flexShrink: 0,
        }}
      >
        <RadioIcon />
      </Box>
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography component="h3" sx={{ fontWeight: 700 }} noWrap>
            {station.name}
          </Typography>
          <Chip label="Live" color="error" size="small" sx={{ height: 20, fontWeight: 700 }} />
        </Stack>
        {station.homepageUrl && (
          <Link
            href={station.homepageUrl}
            target="_blank"
            rel="noopener noreferrer"
            variant="body2"
          >
            Home page
          </Link>
        )}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button
          variant="contained"
          startIcon={<PlayArrowIcon />}
          aria-label={`Play ${station.name}`}
          onClick={() =>
            play({
              kind: 'station',
              id: station._id,
              name: station.name,
              audioUrl: station.listenUrl,
            })
          }
        >
          Play
        </Button>
        {onRemove && (
          <Button color="error" aria-label={`Remove ${station.name}`} onClick={onRemove}>
            Remove
          </Button>
        )}
      </Stack>
    </ListItem>
  );
}

/** /live-radio: internet radio stations, played live in the side player. */
export function LiveRadioPage() {
  const isAdmin = useAuthStore(selectIsAdmin);
  const toast = useToast();
  const queryClient = useQueryClient();
  const stations = useQuery({
    queryKey: stationKeys.all,
    queryFn: ({ signal }) => getStations(signal),
  });
  const remove = useMutation({
    mutationFn: (station: Station) => removeStation(station._id),
    onSuccess: (_answer, station) => {
      toast.success(`Removed ${station.name}`);
      return queryClient.invalidateQueries({ queryKey: stationKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error, 'The station could not be removed')),
  });

  const renderStations = () => {
    if (stations.isPending) {
      return (
        <Box role="status" aria-label="Loading stations">
          <Skeleton height={64} />
          <Skeleton height={64} />
        </Box>
      );
    }
    if (stations.isError) {
      return (
        <LoadError
          message="Stations could not be loaded."
          onRetry={() => stations.refetch()}
          retrying={stations.isFetching}
        />
      );
    }
    if (stations.data.length === 0) {
      return (
        <EmptyState
          text={
            isAdmin
              ? 'No stations yet. Add one by the address of its stream above.'
              : 'No stations yet. An administrator can add them.'
          }
        />
      );
    }
    return (
      <List aria-label="Stations" disablePadding>
        {stations.data.map((station) => (
          <StationRow
            key={station._id}
            station={station}
            onRemove={isAdmin ? () => remove.mutate(station) : null}
          />
        ))}
      </List>
    );
  };

  return (
    <PageSection label="Live radio">
      <PageHeading title="Live radio" subtitle="Internet radio stations, live" />
      {isAdmin && <AddStationForm />}
      {renderStations()}
    </PageSection>
  );
}
