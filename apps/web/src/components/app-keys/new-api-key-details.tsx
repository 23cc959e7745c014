import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CreatedApiKey } from '@cadenza/contract/api-keys';
import type { FocusEvent } from 'react';
import { useToast } from '@/components/toast-context';

/** One thing to type into the app, read-only and in full, so that it can be selected whole. */
function Setting({ label, value }: { label: string; value: string }) {
  return (
    <TextField
      label={label}
      value={value}
      // Wraps rather than scrolls, so that a phone shows the whole key.
      multiline
      fullWidth
      size="small"
      slotProps={{
        htmlInput: {
          readOnly: true,
          spellCheck: false,
          onFocus: (event: FocusEvent<HTMLTextAreaElement>) => event.currentTarget.select(),
          sx: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
        },
      }}
    />
  );
}

/** The dialog's second step: the new key, shown this once, and how an app signs in with it. */
export function NewApiKeyDetails({
  titleId,
  apiKey,
  email,
  onDone,
}: {
  titleId: string;
  apiKey: CreatedApiKey;
  email: string;
  onDone: () => void;
}) {
  const toast = useToast();
  const copy = () => {
    navigator.clipboard.writeText(apiKey.key).then(
      () => toast.success('Key copied'),
      () => toast.error('Could not copy the key: select it and copy it yourself'),
    );
  };

  return (
    <>
      <DialogTitle id={titleId}>Key for {apiKey.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">
            Copy the key now: you will not see it again. If you lose it, revoke it and create
            another.
          </Alert>
          <Setting label="Key (the password in the app)" value={apiKey.key} />
          <Box>
            <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={copy}>
              Copy key
            </Button>
          </Box>
          <Typography variant="body2">
            In the app, add a Subsonic (or OpenSubsonic) server with:
          </Typography>
          <Setting label="Server" value={window.location.origin} />
          <Setting label="User name" value={email} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="outlined" color="inherit" onClick={onDone}>
          Done
        </Button>
      </DialogActions>
    </>
  );
}
