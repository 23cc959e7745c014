import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { Fragment, useId } from 'react';
import { SHORTCUTS } from './keymap';

/** One key as a key cap. */
function KeyCap({ label }: { label: string }) {
  return (
    <Box
      component="kbd"
      sx={{
        display: 'inline-flex',
        justifyContent: 'center',
        minWidth: 28,
        px: 0.75,
        py: 0.25,
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        borderBottomWidth: 2,
        bgcolor: (theme) => alpha(theme.palette.common.white, 0.06),
        fontFamily: 'inherit',
        fontSize: '0.8125rem',
        fontWeight: 700,
        lineHeight: 1.6,
      }}
    >
      {label}
    </Box>
  );
}

/** The "?" sheet: every keyboard shortcut and what it does. */
export function ShortcutHelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        Keyboard shortcuts
      </DialogTitle>
      <IconButton
        aria-label="Close"
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 10, color: 'text.secondary' }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent sx={{ pt: 0 }}>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'auto 1fr',
            columnGap: 2,
            rowGap: 1.25,
            alignItems: 'center',
            m: 0,
          }}
        >
          {SHORTCUTS.map((shortcut) => (
            <Fragment key={shortcut.command}>
              <Box component="dt" sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end' }}>
                {shortcut.keys.map((key) => (
                  <KeyCap key={key} label={key} />
                ))}
              </Box>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {shortcut.description}
              </Typography>
            </Fragment>
          ))}
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2.5 }}>
          Shortcuts work anywhere except while typing in a text field.
        </Typography>
      </DialogContent>
    </Dialog>
  );
}
