import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import { useId, useState } from 'react';
import { ActionMenu, type MenuAction } from './action-menu';

export type SongMenuAction = MenuAction;

/**
 * An item's "More options" button and the menu of actions it opens: a song's, and as well an
 * album's, an artist's or a playlist's. Its context menu (context-menu/) shows the same list.
 */
export function SongMenu({
  title,
  actions,
  horizontal = false,
  tabIndex,
}: {
  /** The item's title, for the button's label. */
  title: string;
  actions: readonly MenuAction[];
  /** Three dots in a row (track lists) rather than a column (cards). */
  horizontal?: boolean;
  tabIndex?: number;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // A grid shows dozens of cards: the menu is built the first time it opens, then stays to
  // animate closed. A closed menu shows nothing, but rendering it costs each card its popover.
  const [opened, setOpened] = useState(false);
  const menuId = useId();
  if (actions.length === 0) return null;

  return (
    <>
      <IconButton
        size="small"
        tabIndex={tabIndex}
        aria-label={`More options for ${title}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => {
          event.stopPropagation();
          setOpened(true);
          setAnchor(event.currentTarget);
        }}
        sx={{ color: 'text.secondary' }}
      >
        {horizontal ? <MoreHorizIcon fontSize="small" /> : <MoreVertIcon fontSize="small" />}
      </IconButton>
      {opened && (
        <ActionMenu
          id={menuId}
          actions={actions}
          anchorEl={anchor}
          open={anchor !== null}
          onClose={() => setAnchor(null)}
        />
      )}
    </>
  );
}
