import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { ScrobblingLink } from '@cadenza/contract/scrobbling';
import {
  useConnectListenBrainz,
  useDisconnectScrobbling,
  useFinishLastFm,
  useScrobblingStatus,
  useStartLastFm,
} from '@/api/scrobbling/scrobbling';
import { LoadError } from '@/components/load-error';
import { useToast } from '@/components/toast-context';
import { errorMessage } from '@/lib/api-client';
import { SettingsCard } from './settings-card';

function waitingText(waiting: number): string {
  return waiting === 1
    ? '1 scrobble waiting to be sent'
    : `${waiting} scrobbles waiting to be sent`;
}

/** One service: its name, who is connected there, whether it must be connected again. */
function ServiceRow({
  name,
  link,
  onDisconnect,
  disconnecting,
  children,
}: {
  name: string;
  link: ScrobblingLink;
  onDisconnect: () => void;
  disconnecting: boolean;
  children: ReactNode;
}) {
  const connected = link.userName !== null;
  return (
    <Box component="section" aria-label={name} sx={{ py: 2, borderTop: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography component="h3" sx={{ fontWeight: 600 }}>
          {name}
        </Typography>
        {link.needsReconnect && <Chip size="small" color="warning" label="Needs reconnecting" />}
      </Stack>
      {connected && (
        <Stack
          direction="row"
          spacing={2}
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
        >
          <Box>
            <Typography variant="body2">Connected as {link.userName}</Typography>
            {link.waiting > 0 && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {waitingText(link.waiting)}
              </Typography>
            )}
          </Box>
          <Button
            size="small"
            variant="outlined"
            color="error"
            loading={disconnecting}
            onClick={onDisconnect}
            aria-label={`Disconnect ${name}`}
          >
            Disconnect
          </Button>
        </Stack>
      )}
      {link.needsReconnect && (
        <Alert severity="warning" sx={{ my: 1 }}>
          {name} no longer accepts Cadenza&apos;s access. Connect again to send the scrobbles
          waiting; disconnecting drops them.
        </Alert>
      )}
      {(!connected || link.needsReconnect) && <Box sx={{ mt: 1 }}>{children}</Box>}
    </Box>
  );
}

function ListenBrainzConnect() {
  const toast = useToast();
  const connect = useConnectListenBrainz();
  const [token, setToken] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    connect.mutate(token.trim(), {
      onSuccess: (status) => {
        setToken('');
        toast.success(`ListenBrainz connected as ${status.listenBrainz.userName ?? ''}`);
      },
    });
  };
  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: 'flex-start' }}
      >
        <TextField
          size="small"
          label="ListenBrainz user token"
          value={token}
          onChange={(event) => setToken(event.target.value)}
          error={connect.isError}
          helperText={
            connect.isError
              ? errorMessage(connect.error, 'Could not connect ListenBrainz')
              : 'Find it in your ListenBrainz settings.'
          }
          sx={{ minWidth: 280 }}
        />
        <Button
          type="submit"
          variant="contained"
          loading={connect.isPending}
          disabled={!token.trim()}
        >
          Connect ListenBrainz
        </Button>
      </Stack>
    </Box>
  );
}

function LastFmConnect({ available }: { available: boolean }) {
  const toast = useToast();
  const start = useStartLastFm();
  const finish = useFinishLastFm();
  if (!available) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Last.fm is not set up on this server. Ask its administrator to add a Last.fm API key.
      </Typography>
    );
  }
  const begin = () =>
    start.mutate(undefined, {
      onError: (error) => toast.error(errorMessage(error, 'Could not reach Last.fm')),
    });
  const done = () =>
    finish.mutate(undefined, {
      onSuccess: (status) => toast.success(`Last.fm connected as ${status.lastFm.userName ?? ''}`),
    });
  if (!start.data) {
    return (
      <Button variant="contained" loading={start.isPending} onClick={begin}>
        Connect Last.fm
      </Button>
    );
  }
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2">
        Allow Cadenza on Last.fm&apos;s page, then come back here.
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          href={start.data.authUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          Open Last.fm
        </Button>
        <Button variant="contained" loading={finish.isPending} onClick={done}>
          I have allowed access
        </Button>
      </Stack>
      {finish.isError && (
        <Alert severity="error">{errorMessage(finish.error, 'Could not connect Last.fm')}</Alert>
      )}
    </Stack>
  );
}

/** Connects ListenBrainz and Last.fm, which then receive what the listener plays. */
export function ScrobblingSection() {
  const toast = useToast();
  const status = useScrobblingStatus();
  const disconnect = useDisconnectScrobbling();
  const disconnectFrom = (service: 'listenbrainz' | 'lastfm', name: string) =>
    disconnect.mutate(service, {
      onSuccess: () => toast.success(`${name} disconnected`),
      onError: (error) => toast.error(errorMessage(error, `Could not disconnect ${name}`)),
    });
  const disconnecting = (service: 'listenbrainz' | 'lastfm') =>
    disconnect.isPending && disconnect.variables === service;

  return (
    <SettingsCard
      title="Scrobbling"
      description="Send the songs you play to ListenBrainz and Last.fm. A song counts once you have heard half of it or 4 minutes, whichever comes first; songs under 30 seconds are not sent."
    >
      {status.isPending ? (
        <Box aria-label="Loading scrobbling" role="status">
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Box>
      ) : status.isError ? (
        <LoadError
          message="Could not load your scrobbling links."
          onRetry={() => status.refetch()}
          retrying={status.isFetching}
        />
      ) : (
        <>
          <ServiceRow
            name="ListenBrainz"
            link={status.data.listenBrainz}
            onDisconnect={() => disconnectFrom('listenbrainz', 'ListenBrainz')}
            disconnecting={disconnecting('listenbrainz')}
          >
            <ListenBrainzConnect />
          </ServiceRow>
          <ServiceRow
            name="Last.fm"
            link={status.data.lastFm}
            onDisconnect={() => disconnectFrom('lastfm', 'Last.fm')}
            disconnecting={disconnecting('lastfm')}
          >
            <LastFmConnect available={status.data.lastFmAvailable} />
          </ServiceRow>
        </>
      )}
    </SettingsCard>
  );
}
