import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import type { LastFmSettings } from '@cadenza/contract/scrobbling';
import { useLastFmSettings, useSaveLastFmSettings } from '@/api/admin/lastfm-settings';
import { useToast } from '@/components/toast-context';
import { errorMessage } from '@/lib/api-client';
import { LoadError, TabSpinner } from './tab-states';

function LastFmForm({ saved }: { saved: LastFmSettings }) {
  const toast = useToast();
  const save = useSaveLastFmSettings();
  const [apiKey, setApiKey] = useState(saved.apiKey ?? '');
  const [secret, setSecret] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const key = apiKey.trim();
    save.mutate(
      // A secret left blank stays as it was; no key forgets both.
      key && secret.trim() ? { apiKey: key, secret: secret.trim() } : { apiKey: key },
      {
        onSuccess: () => {
          setSecret('');
          toast.success(key ? 'Last.fm settings saved' : 'Last.fm settings removed');
        },
        onError: (failure) => toast.error(errorMessage(failure, 'Failed to save the setting')),
      },
    );
  };
  return (
    <Stack component="form" onSubmit={submit} noValidate spacing={2} sx={{ maxWidth: 420 }}>
      <TextField
        size="small"
        label="Last.fm API key"
        value={apiKey}
        onChange={(event) => setApiKey(event.target.value)}
      />
      <TextField
        size="small"
        type="password"
        autoComplete="off"
        label="Last.fm shared secret"
        value={secret}
        onChange={(event) => setSecret(event.target.value)}
        helperText={
          saved.secretSet
            ? 'A secret is set. Leave this blank to keep it.'
            : 'No secret is set yet.'
        }
      />
      <Button
        type="submit"
        variant="contained"
        loading={save.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        Save Last.fm settings
      </Button>
    </Stack>
  );
}

/** Last.fm's API key and shared secret, which let listeners connect their Last.fm accounts. */
export function LastFmSettingsPanel() {
  const settings = useLastFmSettings();
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Last.fm scrobbling
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        With an API account from last.fm/api, listeners can send what they play to their Last.fm
        profiles. The secret never leaves the server.
      </Typography>
      {settings.isPending ? (
        <TabSpinner label="Loading Last.fm settings" />
      ) : settings.isError ? (
        <LoadError error={settings.error} fallback="Failed to load the Last.fm settings" />
      ) : (
        <LastFmForm saved={settings.data} />
      )}
    </>
  );
}
