import TuneIcon from '@mui/icons-material/Tune';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { PlayerSettingsDialog } from './player-settings-dialog';

/** The tune button of the player: opens the player settings. */
export function PlayerSettingsButton({ size }: { size?: 'small' | 'medium' }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton
        aria-label="Player settings"
        aria-haspopup="dialog"
        size={size}
        onClick={() => setOpen(true)}
        sx={{ color: 'text.secondary' }}
      >
        <TuneIcon fontSize={size === 'small' ? 'small' : 'medium'} />
      </IconButton>
      <PlayerSettingsDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
