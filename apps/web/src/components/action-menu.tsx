import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { ReactNode, SyntheticEvent } from 'react';

/** One entry of an item's menu (a song's, an album's, …): its "…" menu and its context menu. */
export interface MenuAction {
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
}

/** A point on the screen, in the window's pixels. */
export interface MenuPosition {
  top: number;
  left: number;
}

const stop = (event: SyntheticEvent) => event.stopPropagation();

/**
 * The menu of an item's actions, opened from its "…" button (`anchorEl`) or at the pointer
 * (`anchorPosition`: a right-click or a long-press). Focus goes to the first entry; arrows move,
 * Enter chooses, Escape closes.
 */
export function ActionMenu({
  id,
  actions,
  open,
  onClose,
  anchorEl = null,
  anchorPosition,
}: {
  id?: string;
  actions: readonly MenuAction[];
  open: boolean;
  onClose: () => void;
  anchorEl?: HTMLElement | null;
  anchorPosition?: MenuPosition | null;
}) {
  const atPointer = anchorPosition !== undefined;
  return (
    <Menu
      id={id}
      open={open}
      onClose={onClose}
      {...(atPointer
        ? { anchorReference: 'anchorPosition', anchorPosition: anchorPosition ?? undefined }
        : {
            anchorEl,
            anchorOrigin: { vertical: 'bottom', horizontal: 'right' },
            transformOrigin: { vertical: 'top', horizontal: 'right' },
          })}
      // The menu sits in a portal, but React passes its events to the item around it: keys,
      // clicks and touches in the menu are the menu's, not the card's or the list's.
      onKeyDown={stop}
      onClick={stop}
      onDoubleClick={stop}
      onTouchStart={stop}
      onTouchEnd={stop}
      onContextMenu={(event) => {
        // A right-click beside the open menu closes it, as a click does.
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }}
    >
      {actions.map((action) => (
        <MenuItem
          key={action.label}
          onClick={() => {
            onClose();
            action.onSelect();
          }}
        >
          {action.icon && <ListItemIcon>{action.icon}</ListItemIcon>}
          <ListItemText>{action.label}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
