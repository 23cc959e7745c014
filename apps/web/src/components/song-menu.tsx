import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState, type ReactNode } from 'react';

export interface SongMenuAction {
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
}

/** A song's "More options" button and the menu of actions it opens. */
export function SongMenu({
  title,
  actions,
  horizontal = false,
  tabIndex,
}: {
  /** The song's title, for the button's label. */
  title: string;
  actions: readonly SongMenuAction[];
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
        <Menu
          id={menuId}
          anchorEl={anchor}
          open={anchor !== null}
          onClose={() => setAnchor(null)}
          // Keys pressed in the menu are the menu's, not the list's around it.
          onKeyDown={(event) => event.stopPropagation()}
          onClick={(event) => event.stopPropagation()}
          onDoubleClick={(event) => event.stopPropagation()}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        >
          {actions.map((action) => (
            <MenuItem
              key={action.label}
              onClick={() => {
                setAnchor(null);
                action.onSelect();
              }}
            >
              {action.icon && <ListItemIcon>{action.icon}</ListItemIcon>}
              <ListItemText>{action.label}</ListItemText>
            </MenuItem>
          ))}
        </Menu>
      )}
    </>
  );
}
