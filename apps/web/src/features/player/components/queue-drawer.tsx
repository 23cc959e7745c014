import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import { QueuePanel } from '@/components/queue-panel';

/** docs/product.md §9: the queue drawer is on the right and 320 wide. */
export const QUEUE_DRAWER_WIDTH = 320;

export function QueueDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          'aria-label': 'Queue',
          sx: { width: QUEUE_DRAWER_WIDTH, maxWidth: '100vw' },
        },
      }}
    >
      <Box sx={{ position: 'relative' }}>
        <IconButton
          aria-label="Close queue"
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 10 }}
        >
          <CloseIcon />
        </IconButton>
        <QueuePanel />
      </Box>
    </Drawer>
  );
}
