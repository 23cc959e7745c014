import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import { QueuePanel } from '@/components/queue-panel';
import { useEffect, useLayoutEffect, useState } from 'react';
import { PLAYER_OFFSET_VARIABLE } from '@/lib/bottom-bars';
import { QUEUE_PANEL_WIDTH_VARIABLE } from '@/lib/player/queue-view';
import { whenIdle } from '@/lib/when-idle';

/** docs/product.md §9: the queue drawer is on the right and 320 wide. */
export const QUEUE_DRAWER_WIDTH = 320;
/** The closed side panel is mounted by then at the latest once the player has appeared. */
const MOUNT_WAIT_MS = 2000;

/**
 * The queue view. From md up, a panel on the right that stops above the bottom player, the page
 * making room beside it, so the player and the page stay usable while it is open (Escape or its
 * close button closes it). On a
 * phone, a sheet from the bottom over the page.
 */
export function QueueDrawer({
  open,
  onClose,
  phone,
}: {
  open: boolean;
  onClose: () => void;
  phone: boolean;
}) {
  const beside = open && !phone;
  // The side panel's drawer stays mounted closed (it slides): its queue is rendered only while it
  // is open or sliding out, so that a closed panel costs a Play or an Add to queue nothing.
  const [shown, setShown] = useState(open);
  if (open && !shown) setShown(true);
  // The side panel is mounted closed while the browser is idle after the player appears: a
  // closed slide measures the page as it mounts, which would lengthen the first Play's task.
  // Mounted ahead of its first opening, it slides in then too.
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  useEffect(() => {
    if (mounted || phone) return;
    return whenIdle(() => setMounted(true), MOUNT_WAIT_MS);
  }, [mounted, phone]);
  // The page makes room for the panel beside it.
  useLayoutEffect(() => {
    if (!beside) return;
    const style = document.documentElement.style;
    style.setProperty(QUEUE_PANEL_WIDTH_VARIABLE, `${QUEUE_DRAWER_WIDTH}px`);
    return () => {
      style.removeProperty(QUEUE_PANEL_WIDTH_VARIABLE);
    };
  }, [beside]);

  const content = (
    <Box sx={{ position: 'relative', height: '100%', minHeight: 0 }}>
      <IconButton
        aria-label="Close queue"
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 10, zIndex: 1 }}
      >
        <CloseIcon />
      </IconButton>
      <QueuePanel fill />
    </Box>
  );

  if (phone)
    return (
      <Drawer
        anchor="bottom"
        open={open}
        onClose={onClose}
        slotProps={{
          paper: {
            'aria-label': 'Queue',
            sx: { height: '85dvh', borderTopLeftRadius: 16, borderTopRightRadius: 16 },
          },
        }}
      >
        {content}
      </Drawer>
    );

  if (!mounted) return null;
  return (
    <Drawer
      anchor="right"
      variant="persistent"
      open={open}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
      slotProps={{
        transition: { onExited: () => setShown(false) },
        paper: {
          role: 'complementary',
          'aria-label': 'Queue',
          sx: {
            width: QUEUE_DRAWER_WIDTH,
            maxWidth: '100vw',
            height: `calc(100% - var(${PLAYER_OFFSET_VARIABLE}, 0px))`,
            borderLeft: 1,
            borderColor: 'divider',
            boxShadow: 8,
          },
        },
      }}
    >
      {shown && content}
    </Drawer>
  );
}
