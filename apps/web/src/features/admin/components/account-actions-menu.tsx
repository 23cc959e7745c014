import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { AdminUser } from '@cadenza/contract/accounts';
import { useState } from 'react';
import { useToast } from '@/components/toast-context';
import { errorMessage } from '@/lib/api-client';
import { useChangeRole, useSendPasswordReset, useSetDisabled } from '@/api/admin/account-actions';
import { StreamingLimitDialog } from './streaming-limit-dialog';

/** A row's account operations: role, disable or enable, password reset, streaming limit. */
export function AccountActionsMenu({ user }: { user: AdminUser }) {
  const toast = useToast();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [limiting, setLimiting] = useState(false);
  const changeRole = useChangeRole();
  const setDisabled = useSetDisabled();
  const sendReset = useSendPasswordReset();
  const isAdmin = user.role === 'admin';

  const run = (work: Promise<unknown>, done: string, failed: string) => {
    setAnchor(null);
    work.then(
      () => toast.success(done),
      (failure: unknown) => toast.error(errorMessage(failure, failed)),
    );
  };

  return (
    <>
      <IconButton
        aria-label={`Manage ${user.name}`}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() =>
            run(
              changeRole.mutateAsync({ id: user._id, role: isAdmin ? 'user' : 'admin' }),
              isAdmin ? `${user.name} is now a user` : `${user.name} is now an admin`,
              'Failed to change the role',
            )
          }
        >
          {isAdmin ? 'Make user' : 'Make admin'}
        </MenuItem>
        <MenuItem
          onClick={() =>
            run(
              setDisabled.mutateAsync({ id: user._id, disabled: !user.disabled }),
              user.disabled ? `${user.name} can log in again` : `${user.name} is disabled`,
              user.disabled ? 'Failed to enable the account' : 'Failed to disable the account',
            )
          }
        >
          {user.disabled ? 'Enable account' : 'Disable account'}
        </MenuItem>
        <MenuItem
          onClick={() =>
            run(
              sendReset.mutateAsync(user._id),
              `Password reset link sent to ${user.email}`,
              'Failed to send the password reset',
            )
          }
        >
          Send password reset
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setLimiting(true);
          }}
        >
          Streaming limit…
        </MenuItem>
      </Menu>
      {limiting && <StreamingLimitDialog user={user} onClose={() => setLimiting(false)} />}
    </>
  );
}
