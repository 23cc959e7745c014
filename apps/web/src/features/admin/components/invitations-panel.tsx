import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  INVITATION_DAYS_DEFAULT,
  INVITATION_DAYS_MAX,
  type CreatedInvitation,
} from '@cadenza/contract/accounts';
import type { Role } from '@cadenza/contract/auth';
import { useState, type FormEvent } from 'react';
import { useToast } from '@/components/toast-context';
import { errorMessage } from '@/lib/api-client';
import { useCreateInvitation, useInvitations, useRevokeInvitation } from '@/api/admin/invitations';
import { AdminTable } from './admin-table';
import { LoadError, TabSpinner } from './tab-states';

const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** The link of a new invitation, shown this once, with a button to copy it. */
function NewInvitationLink({ invitation }: { invitation: CreatedInvitation }) {
  const toast = useToast();
  const copy = () =>
    navigator.clipboard.writeText(invitation.link).then(
      () => toast.success('Invitation link copied'),
      () => toast.error('Could not copy the link'),
    );
  return (
    <Alert severity="success" sx={{ mt: 2, wordBreak: 'break-all' }}>
      {invitation.sent
        ? `Invitation sent to ${invitation.email ?? ''}. Its link works once:`
        : 'Invitation created. Its link works once and is shown only now:'}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
        <Typography component="code" variant="body2" aria-label="Invitation link">
          {invitation.link}
        </Typography>
        <IconButton aria-label="Copy invitation link" size="small" onClick={() => void copy()}>
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Box>
    </Alert>
  );
}

function InvitationForm() {
  const create = useCreateInvitation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('user');
  const [days, setDays] = useState(String(INVITATION_DAYS_DEFAULT));
  const [send, setSend] = useState(false);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    create.mutate({
      ...(trimmed ? { email: trimmed } : {}),
      role,
      expiresInDays: Number(days),
      send: send && trimmed !== '',
    });
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit} aria-label="New invitation">
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          label="Email (optional)"
          type="email"
          size="small"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          sx={{ minWidth: 240 }}
        />
        <TextField
          select
          label="Role"
          size="small"
          value={role}
          onChange={(event) => setRole(event.target.value as Role)}
        >
          <MenuItem value="user">User</MenuItem>
          <MenuItem value="admin">Admin</MenuItem>
        </TextField>
        <TextField
          label="Valid for (days)"
          type="number"
          size="small"
          value={days}
          onChange={(event) => setDays(event.target.value)}
          slotProps={{ htmlInput: { min: 1, max: INVITATION_DAYS_MAX } }}
          sx={{ width: 150 }}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={send}
              disabled={email.trim() === ''}
              onChange={(event) => setSend(event.target.checked)}
            />
          }
          label="Send by email"
        />
        <Button type="submit" variant="contained" loading={create.isPending}>
          Create Invitation
        </Button>
      </Box>
      {create.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(create.error, 'Failed to create the invitation')}
        </Alert>
      )}
      {create.data && <NewInvitationLink invitation={create.data} />}
    </Box>
  );
}

function PendingInvitations() {
  const toast = useToast();
  const invitations = useInvitations();
  const revoke = useRevokeInvitation();
  if (invitations.isPending) return <TabSpinner label="Loading invitations" />;
  if (invitations.isError) {
    return <LoadError error={invitations.error} fallback="Failed to load invitations" />;
  }
  if (invitations.data.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        No pending invitations
      </Typography>
    );
  }
  return (
    <AdminTable
      label="Pending invitations"
      head={
        <>
          <TableCell>Email</TableCell>
          <TableCell>Role</TableCell>
          <TableCell>Expires</TableCell>
          <TableCell align="right">Actions</TableCell>
        </>
      }
    >
      {invitations.data.map((invitation) => (
        <TableRow key={invitation._id} hover>
          <TableCell>{invitation.email ?? 'Anyone with the link'}</TableCell>
          <TableCell>{invitation.role === 'admin' ? 'Admin' : 'User'}</TableCell>
          <TableCell>{date.format(new Date(invitation.expiresAt))}</TableCell>
          <TableCell align="right">
            <Button
              color="error"
              size="small"
              aria-label={`Revoke invitation for ${invitation.email ?? 'anyone'}`}
              onClick={() =>
                revoke.mutate(invitation._id, {
                  onSuccess: () => toast.success('Invitation revoked'),
                  onError: (failure) =>
                    toast.error(errorMessage(failure, 'Failed to revoke the invitation')),
                })
              }
            >
              Revoke
            </Button>
          </TableCell>
        </TableRow>
      ))}
    </AdminTable>
  );
}

/** Sign-up links: make one (optionally for one address, mailed there), list and revoke them. */
export function InvitationsPanel() {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h2">
        Invitations
      </Typography>
      <InvitationForm />
      <Typography variant="subtitle2" component="h3">
        Pending
      </Typography>
      <PendingInvitations />
    </Box>
  );
}
