import GroupAddIcon from '@mui/icons-material/GroupAdd';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { usePublicConfig } from '@/api/config/get-public-config';
import { SEED_DISABLED_MESSAGE } from './seed-disabled-notice';
import { SeedUsersDialog } from './seed-users-dialog';

/**
 * 'Seed Users', which opens the seed dialog; off while the server does not seed. Where nothing
 * else says why, `explainDisabled` puts the reason in a tooltip on the disabled button.
 */
export function SeedUsersButton({ explainDisabled = false }: { explainDisabled?: boolean }) {
  const { config } = usePublicConfig();
  const [open, setOpen] = useState(false);

  const button = (
    <Button
      variant="contained"
      startIcon={<GroupAddIcon />}
      onClick={() => setOpen(true)}
      disabled={!config.seedUsersEnabled}
    >
      Seed Users
    </Button>
  );

  return (
    <>
      {explainDisabled && !config.seedUsersEnabled ? (
        <Tooltip title={SEED_DISABLED_MESSAGE} describeChild>
          {/* A disabled button fires no events: the span carries the tooltip. */}
          <span tabIndex={0}>{button}</span>
        </Tooltip>
      ) : (
        button
      )}
      {open && <SeedUsersDialog onClose={() => setOpen(false)} />}
    </>
  );
}
