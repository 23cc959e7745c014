import AddIcon from '@mui/icons-material/Add';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ApiKey } from '@cadenza/contract/api-keys';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadError } from '@/components/load-error';
import { useToast } from '@/components/toast-context';
import { useApiKeys } from '@/api/api-keys/get-api-keys';
import { useRevokeApiKey } from '@/api/api-keys/revoke-api-key';
import { errorMessage } from '@/lib/api-client';
import { ApiKeyList } from './api-key-list';
import { ApiKeyListSkeleton } from './api-key-list-skeleton';
import { CreateApiKeyDialog } from './create-api-key-dialog';

/** The players that speak the Subsonic API and are known to work with Cadenza. */
export const SUBSONIC_CLIENTS = [
  'Symfonium',
  'DSub',
  'Feishin',
  'Tempo',
  'Amperfy',
  'Substreamer',
] as const;

function NoKeys({ onCreate }: { onCreate: () => void }) {
  return (
    <Stack
      spacing={1.5}
      sx={{
        alignItems: 'center',
        textAlign: 'center',
        py: 6,
        px: 2,
        borderRadius: 3,
        border: 1,
        borderStyle: 'dashed',
        borderColor: 'divider',
      }}
    >
      <PhoneIphoneIcon aria-hidden sx={{ fontSize: 40, color: 'text.secondary' }} />
      <Typography variant="h6" component="h3">
        Use a phone app
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 560 }}>
        Listen to your library from {SUBSONIC_CLIENTS.slice(0, -1).join(', ')} or{' '}
        {SUBSONIC_CLIENTS.at(-1)}, or any other Subsonic player. Give each app a key of its own: it
        signs in with your e-mail and the key instead of your password, and you can revoke it at any
        time.
      </Typography>
      <Button variant="contained" startIcon={<AddIcon />} onClick={onCreate}>
        Create your first key
      </Button>
    </Stack>
  );
}

/** The dashboard's Apps tab: the keys phone and desktop players sign in with. */
export function AppsSection({ email }: { email: string }) {
  const toast = useToast();
  const keys = useApiKeys();
  const revokeKey = useRevokeApiKey();
  const [createOpen, setCreateOpen] = useState(false);
  const [keyToRevoke, setKeyToRevoke] = useState<ApiKey | null>(null);
  // The name stays in the dialog while it fades out.
  const [revokeName, setRevokeName] = useState('');

  const askToRevoke = (key: ApiKey) => {
    setRevokeName(key.name);
    setKeyToRevoke(key);
  };

  const confirmRevoke = () => {
    if (!keyToRevoke) return;
    revokeKey.mutate(keyToRevoke.id, {
      onSuccess: () => toast.success(`Key "${keyToRevoke.name}" revoked`),
      onError: (error) => toast.error(errorMessage(error, 'Failed to revoke the key')),
      onSettled: () => setKeyToRevoke(null),
    });
  };

  const openCreate = () => setCreateOpen(true);
  const hasKeys = (keys.data?.length ?? 0) > 0;

  return (
    <Box component="section" aria-labelledby="apps-heading">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1, flexWrap: 'wrap' }}>
        <Typography id="apps-heading" variant="h5" component="h2" sx={{ flex: 1 }}>
          Apps
        </Typography>
        {hasKeys && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={openCreate}>
            Create key
          </Button>
        )}
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3, maxWidth: 720 }}>
        Phone and desktop players sign in to Cadenza with your e-mail as the user name and an app
        key as the password. Revoking a key signs its app out.
      </Typography>

      {keys.isPending ? (
        <ApiKeyListSkeleton />
      ) : keys.isError ? (
        <LoadError
          message="Could not load your app keys."
          onRetry={() => keys.refetch()}
          retrying={keys.isFetching}
        />
      ) : hasKeys ? (
        <ApiKeyList keys={keys.data} onRevoke={askToRevoke} />
      ) : (
        <NoKeys onCreate={openCreate} />
      )}

      <CreateApiKeyDialog open={createOpen} email={email} onClose={() => setCreateOpen(false)} />
      <ConfirmDialog
        open={keyToRevoke !== null}
        title="Revoke key"
        message={`Apps using "${revokeName}" will be signed out and cannot sign in with it again.`}
        confirmLabel="Revoke"
        pending={revokeKey.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setKeyToRevoke(null)}
      />
    </Box>
  );
}
