import { STREAMING_QUALITY_KBPS } from '@cadenza/contract/streaming-quality';
import DeleteIcon from '@mui/icons-material/Delete';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PeopleOutlinedIcon from '@mui/icons-material/PeopleOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { AdminUser } from '@cadenza/contract/accounts';
import { useState } from 'react';
import { useAdminUsers } from '@/api/admin/get-users';
import { useDeleteUser } from '@/api/admin/delete-user';
import { useConfirmedDelete } from '../hooks/use-confirmed-delete';
import { AccountActionsMenu } from './account-actions-menu';
import { AddUserDialog } from './add-user-dialog';
import { AdminListTab } from './admin-list-tab';
import { AdminTable } from './admin-table';
import { SeedUsersButton } from './seed-users-button';
import { EmptyState } from './tab-states';

export const ADMIN_NOT_DELETABLE_TOOLTIP = "Can't delete admin users";

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** When the account last used the app or an app key, to the minute. */
export function lastActiveText(lastActiveAt: string | null): string {
  return lastActiveAt ? dateTime.format(new Date(lastActiveAt)) : 'Never';
}

/** Beside the role: whether the account is disabled or still has a temporary password. */
function StatusChips({ user }: { user: AdminUser }) {
  return (
    <>
      {user.disabled && <Chip size="small" color="error" variant="outlined" label="Disabled" />}
      {user.passwordChangeRequired && (
        <Chip size="small" variant="outlined" label="Temporary password" />
      )}
      {user.streamingQualityLimit !== 'original' && (
        <Chip
          size="small"
          variant="outlined"
          label={`Streams ≤ ${STREAMING_QUALITY_KBPS[user.streamingQualityLimit]} kbps`}
        />
      )}
    </>
  );
}

/**
 * The Users tab: every account with its status and last activity; adding one with a temporary
 * password, changing roles, disabling, password resets, deletion of listeners, seeding test
 * users.
 */
export function UsersTab() {
  const users = useAdminUsers();
  const [adding, setAdding] = useState(false);
  const deletion = useConfirmedDelete<AdminUser>(useDeleteUser(), {
    deleted: 'User deleted successfully',
    failed: 'Failed to delete user',
  });

  return (
    <AdminListTab
      title="Users"
      count={['account', 'accounts']}
      actions={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={<PersonAddIcon />} onClick={() => setAdding(true)}>
            Add User
          </Button>
          <SeedUsersButton explainDisabled />
          {adding && <AddUserDialog onClose={() => setAdding(false)} />}
        </Box>
      }
      list={users}
      loadingLabel="Loading users"
      failed="Failed to load users"
      empty={<EmptyState icon={<PeopleOutlinedIcon />} text="No users yet" />}
      deletion={deletion}
      confirmDelete={{
        title: 'Delete User',
        message: 'Are you sure you want to delete this user?',
        detail: (user) => `${user.name} (${user.email})`,
      }}
    >
      {(rows) => (
        <AdminTable
          label="Users"
          head={
            <>
              <TableCell>Name</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Email</TableCell>
              <TableCell>Role</TableCell>
              <TableCell align="right">Actions</TableCell>
            </>
          }
        >
          {rows.map((user) => {
            const isAdmin = user.role === 'admin';
            const deleteButton = (
              <IconButton
                aria-label={`Delete ${user.name}`}
                color="error"
                disabled={isAdmin}
                onClick={() => deletion.ask(user)}
              >
                <DeleteIcon />
              </IconButton>
            );
            return (
              <TableRow key={user._id} hover>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                    <Avatar
                      aria-hidden
                      sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'primary.dark' }}
                    >
                      {user.name.charAt(0).toUpperCase()}
                    </Avatar>
                    <Box sx={{ minWidth: 0 }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {user.name}
                      </Typography>
                      <Typography
                        variant="caption"
                        sx={{ color: 'text.secondary', display: 'block' }}
                      >
                        Last active: {lastActiveText(user.lastActiveAt)}
                      </Typography>
                      <Typography
                        variant="caption"
                        sx={{
                          color: 'text.secondary',
                          display: { xs: 'block', sm: 'none' },
                          wordBreak: 'break-all',
                        }}
                      >
                        {user.email}
                      </Typography>
                    </Box>
                  </Box>
                </TableCell>
                <TableCell
                  sx={{
                    color: 'text.secondary',
                    wordBreak: 'break-all',
                    display: { xs: 'none', sm: 'table-cell' },
                  }}
                >
                  {user.email}
                </TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                    <Chip
                      size="small"
                      label={isAdmin ? 'Admin' : 'User'}
                      color={isAdmin ? 'secondary' : 'default'}
                      variant={isAdmin ? 'filled' : 'outlined'}
                    />
                    <StatusChips user={user} />
                  </Box>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <AccountActionsMenu user={user} />
                  {isAdmin ? (
                    <Tooltip title={ADMIN_NOT_DELETABLE_TOOLTIP} describeChild>
                      {/* A disabled button fires no events: the span carries the tooltip. */}
                      <span tabIndex={0}>{deleteButton}</span>
                    </Tooltip>
                  ) : (
                    deleteButton
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </AdminTable>
      )}
    </AdminListTab>
  );
}
