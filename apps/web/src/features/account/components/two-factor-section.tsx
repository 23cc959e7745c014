import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SecondFactorSetup } from '@cadenza/contract/second-factor';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { renderSVG } from 'uqr';
import { LoadError } from '@/components/load-error';
import { useToast } from '@/components/toast-context';
import {
  useBeginSecondFactor,
  useConfirmSecondFactor,
  useDisableSecondFactor,
  useSecondFactorStatus,
} from '@/api/two-factor/two-factor';
import { errorMessage } from '@/lib/api-client';

/** The otpauth:// URI as a QR code, drawn in the browser: the secret never leaves the page. */
function QrCode({ uri }: { uri: string }) {
  const source = useMemo(
    () => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(uri, { border: 2 }))}`,
    [uri],
  );
  return (
    <Box
      component="img"
      src={source}
      alt="QR code to scan with your authenticator app"
      sx={{
        width: 200,
        height: 200,
        bgcolor: '#fff',
        borderRadius: 2,
        imageRendering: 'pixelated',
      }}
    />
  );
}

/** The recovery codes, shown this once after turning two-factor sign-in on. */
function RecoveryCodeList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Stack spacing={2}>
      <Alert severity="success">Two-factor sign-in is on.</Alert>
      <Typography>
        Keep these recovery codes somewhere safe. Each one signs you in once if you lose your
        authenticator app. They are shown only now.
      </Typography>
      <Box
        component="ul"
        aria-label="Recovery codes"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(2, max-content)',
          gap: 1,
          columnGap: 4,
          p: 0,
          m: 0,
          listStyle: 'none',
          fontFamily: 'monospace',
          fontSize: '1.05rem',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box>
        <Button variant="contained" onClick={onDone}>
          I have saved them
        </Button>
      </Box>
    </Stack>
  );
}

/** A step of turning two-factor sign-in on or off: a form of stacked fields, sent in place. */
function TwoFactorForm({
  label,
  onSubmit,
  children,
}: {
  label: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <Stack
      spacing={2}
      component="form"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
      aria-label={label}
    >
      {children}
    </Stack>
  );
}

/** Scan or type the secret, then confirm with a first code. */
function Enrolment({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: SecondFactorSetup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const confirm = useConfirmSecondFactor();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = () => {
    if (!code.trim()) {
      setMissing(true);
      return;
    }
    confirm.mutate(code.trim(), { onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes) });
  };

  return (
    <TwoFactorForm label="Set up two-factor sign-in" onSubmit={submit}>
      <Typography>
        Scan this QR code with an authenticator app (such as Aegis, Google Authenticator or
        1Password), or type the secret into it. Then enter the 6-digit code it shows.
      </Typography>
      <QrCode uri={setup.uri} />
      <Typography component="p">
        Secret:{' '}
        <Box component="code" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {setup.secret}
        </Box>
      </Typography>
      {confirm.isError && (
        <Alert severity="error">{errorMessage(confirm.error, 'That code did not work.')}</Alert>
      )}
      <TextField
        label="Code from the app"
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setMissing(false);
        }}
        error={missing}
        helperText={missing ? 'Please enter the code' : undefined}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code' } }}
        sx={{ maxWidth: 260 }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" loading={confirm.isPending}>
          Turn on
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Stack>
    </TwoFactorForm>
  );
}

/** Turning it off asks for the password and a current code (or a recovery code). */
function Disable({ onDone }: { onDone: () => void }) {
  const toast = useToast();
  const disable = useDisableSecondFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  const submit = () => {
    disable.mutate(
      { password, code: code.trim() },
      {
        onSuccess: () => {
          toast.success('Two-factor sign-in is off');
          onDone();
        },
      },
    );
  };

  return (
    <TwoFactorForm label="Turn off two-factor sign-in" onSubmit={submit}>
      {disable.isError && (
        <Alert severity="error">
          {errorMessage(disable.error, 'Two-factor sign-in could not be turned off.')}
        </Alert>
      )}
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        sx={{ maxWidth: 320 }}
      />
      <TextField
        label="Code or recovery code"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        sx={{ maxWidth: 320 }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" color="error" loading={disable.isPending}>
          Turn off
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </Stack>
    </TwoFactorForm>
  );
}

/** The account page's two-factor sign-in: its state, enrolment, recovery codes, turning it off. */
export function TwoFactorSection() {
  const status = useSecondFactorStatus();
  const begin = useBeginSecondFactor();
  const [setup, setSetup] = useState<SecondFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);

  let body;
  if (recoveryCodes) {
    body = <RecoveryCodeList codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  } else if (setup) {
    body = (
      <Enrolment
        setup={setup}
        onEnabled={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
        }}
        onCancel={() => setSetup(null)}
      />
    );
  } else if (status.isError) {
    body = (
      <LoadError
        message="Could not load your two-factor settings."
        onRetry={() => void status.refetch()}
      />
    );
  } else if (!status.data) {
    body = <Typography sx={{ color: 'text.secondary' }}>Loading…</Typography>;
  } else if (status.data.enabled) {
    body = disabling ? (
      <Disable onDone={() => setDisabling(false)} />
    ) : (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>
          Two-factor sign-in is on. {status.data.recoveryCodesLeft} recovery codes left.
        </Typography>
        <Button variant="outlined" onClick={() => setDisabling(true)}>
          Turn off two-factor sign-in
        </Button>
      </Stack>
    );
  } else {
    body = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        {status.data.required && (
          <Alert severity="warning">
            This server asks administrators to use two-factor sign-in.
          </Alert>
        )}
        <Typography>
          Ask for a code from an authenticator app each time you log in with your password. Phone
          apps keep signing in with their app keys.
        </Typography>
        {begin.isError && (
          <Alert severity="error">{errorMessage(begin.error, 'Could not start the set-up.')}</Alert>
        )}
        <Button
          variant="contained"
          loading={begin.isPending}
          onClick={() => begin.mutate(undefined, { onSuccess: setSetup })}
        >
          Set up two-factor sign-in
        </Button>
      </Stack>
    );
  }

  return (
    <Box component="section" aria-labelledby="two-factor-heading" sx={{ mt: 3 }}>
      <Typography id="two-factor-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
        Two-factor sign-in
      </Typography>
      {body}
    </Box>
  );
}
