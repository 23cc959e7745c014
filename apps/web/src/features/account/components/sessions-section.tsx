import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { AccountSession } from '@cadenza/contract/account';
import {
  useAccountSessions,
  useSignOutOtherSessions,
  useSignOutSession,
} from '@/api/account/account-sessions';
import { LoadError } from '@/components/load-error';
import { useToast } from '@/components/toast-context';
import { errorMessage } from '@/lib/api-client';
import { formatTimeAgo } from '@/lib/format';
import { SettingsCard } from './settings-card';

function SessionRow({
  session,
  pending,
  onSignOut,
}: {
  session: AccountSession;
  pending: boolean;
  onSignOut: () => void;
}) {
  return (
    <ListItem
      divider
      sx={{ px: 0, gap: 2, flexWrap: 'wrap' }}
      secondaryAction={
        session.current ? undefined : (
          <Button
            size="small"
            variant="outlined"
            color="error"
            disabled={pending}
            aria-label={`Sign out ${session.device}, ${session.place}`}
            onClick={onSignOut}
          >
            Sign out
          </Button>
        )
      }
    >
      <Box sx={{ pr: session.current ? 0 : 12 }}>
        <Typography component="h3" sx={{ fontWeight: 600 }}>
          {session.device}{' '}
          {session.current && <Chip size="small" color="primary" label="This device" />}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {session.place} · Last seen {formatTimeAgo(session.lastSeenAt)}
        </Typography>
      </Box>
    </ListItem>
  );
}

/** The sessions signed in to the account, each one signed out on its own or all others at once. */
export function SessionsSection() {
  const toast = useToast();
  const sessions = useAccountSessions();
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();
  const others = (sessions.data ?? []).filter((session) => !session.current);

  const signOutOne = (session: AccountSession) =>
    signOut.mutate(session.id, {
      onSuccess: () => toast.success(`${session.device} has been signed out`),
      onError: (error) => toast.error(errorMessage(error, 'Failed to sign out the session')),
    });

  const signOutAllOthers = () =>
    signOutOthers.mutate(undefined, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => toast.error(errorMessage(error, 'Failed to sign out other sessions')),
    });

  return (
    <SettingsCard
      title="Where you're signed in"
      description="Sign out a device you no longer use or do not recognise. It is signed out at once."
    >
      {sessions.isPending ? (
        <Box aria-label="Loading your sessions" role="status">
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Box>
      ) : sessions.isError ? (
        <LoadError
          message="Could not load your sessions."
          onRetry={() => sessions.refetch()}
          retrying={sessions.isFetching}
        />
      ) : (
        <>
          <List aria-label="Your sessions" disablePadding>
            {sessions.data.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                pending={signOut.isPending}
                onSignOut={() => signOutOne(session)}
              />
            ))}
          </List>
          {others.length > 0 && (
            <Button
              sx={{ mt: 2 }}
              variant="outlined"
              color="error"
              loading={signOutOthers.isPending}
              onClick={signOutAllOthers}
            >
              Sign out all other sessions
            </Button>
          )}
        </>
      )}
    </SettingsCard>
  );
}
