import DeleteIcon from '@mui/icons-material/Delete';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import PeopleOutlinedIcon from '@mui/icons-material/PeopleOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { User } from '@cadenza/contract/auth';
import { useState } from 'react';
import { usePublicConfig } from '@/api/config/get-public-config';
import { useAdminUsers } from '@/api/admin/get-users';
import { useDeleteUser } from '@/api/admin/delete-user';
import { rowsOf } from '@/api/admin/admin-list';
import { useConfirmedDelete } from '../hooks/use-confirmed-delete';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { SeedUsersDialog } from './seed-users-dialog';
import { SEED_DISABLED_MESSAGE } from './seed-disabled-notice';
import {
  ActionError,
  EmptyState,
  loadedCount,
  LoadError,
  LoadMore,
  TabHeader,
  TabSpinner,
} from './tab-states';

export const ADMIN_NOT_DELETABLE_TOOLTIP = "Can't delete admin users";

/** The Users tab: every account, deletion of listeners, and seeding test users. */
export function UsersTab() {
  const users = useAdminUsers();
  const deletion = useConfirmedDelete<User>(useDeleteUser(), {
    deleted: 'User deleted successfully',
    failed: 'Failed to delete user',
  });
  const { config } = usePublicConfig();
  const [seedOpen, setSeedOpen] = useState(false);
  const { toDelete } = deletion;

  const seedButton = (
    <Button
      variant="contained"
      startIcon={<GroupAddIcon />}
      onClick={() => setSeedOpen(true)}
      disabled={!config.seedUsersEnabled}
    >
      Seed Users
    </Button>
  );

  const rows = rowsOf(users.data?.pages);

  return (
    <Box>
      <TabHeader
        title="Users"
        subtitle={
          users.isSuccess
            ? loadedCount(rows.length, users.hasNextPage, 'account', 'accounts')
            : undefined
        }
      >
        {config.seedUsersEnabled ? (
          seedButton
        ) : (
          <Tooltip title={SEED_DISABLED_MESSAGE} describeChild>
            <span tabIndex={0}>{seedButton}</span>
          </Tooltip>
        )}
      </TabHeader>
      <ActionError error={deletion.error} onClose={deletion.dismissError} />
      {users.isPending ? (
        <TabSpinner label="Loading users" />
      ) : users.isError ? (
        <LoadError error={users.error} fallback="Failed to load users" />
      ) : rows.length === 0 ? (
        <EmptyState icon={<PeopleOutlinedIcon />} text="No users yet" />
      ) : (
        <>
          <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 3 }}>
            <Table aria-label="Users">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Email</TableCell>
                  <TableCell>Role</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
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
                        <Chip
                          size="small"
                          label={isAdmin ? 'Admin' : 'User'}
                          color={isAdmin ? 'secondary' : 'default'}
                          variant={isAdmin ? 'filled' : 'outlined'}
                        />
                      </TableCell>
                      <TableCell align="right">
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
              </TableBody>
            </Table>
          </TableContainer>
          <LoadMore list={users} />
        </>
      )}
      <ConfirmDeleteDialog
        open={toDelete !== null}
        title="Delete User"
        message="Are you sure you want to delete this user?"
        detail={toDelete ? `${toDelete.name} (${toDelete.email})` : undefined}
        pending={deletion.pending}
        onConfirm={deletion.confirm}
        onClose={deletion.cancel}
      />
      {seedOpen && <SeedUsersDialog onClose={() => setSeedOpen(false)} />}
    </Box>
  );
}
