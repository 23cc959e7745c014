import Stack from '@mui/material/Stack';
import type { Song } from '@cadenza/contract/songs';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ContextMenu } from '@/components/context-menu/context-menu';
import { contextMenuTargetSx, useContextMenu } from '@/components/context-menu/use-context-menu';
import { SongMenu } from '@/components/song-menu';
import { useSongActionsWithDialogs } from '@/components/song-actions/song-action-dialogs';
import { songMenuActions } from '@/components/song-actions/song-menu-actions';

/** The current song's menu: its actions, the context menu that opens them, and their dialogs. */
export function useCurrentSongMenu(song: Song) {
  const navigate = useNavigate();
  const { actions, dialogs } = useSongActionsWithDialogs();
  const menuActions = songMenuActions(song, actions, (path) => void navigate(path));
  const contextMenu = useContextMenu();
  const menus = (
    <>
      <ContextMenu menu={contextMenu} actions={menuActions} />
      {dialogs}
    </>
  );
  return { menuActions, targetProps: contextMenu.targetProps, menus };
}

/**
 * The player's "now playing" corner (cover, title, artist, like): the current song's "…" menu
 * at its end, which a right-click or a long-press anywhere in the corner opens too.
 */
export function CurrentSongMenuArea({
  song,
  title,
  children,
}: {
  song: Song;
  title: string;
  children: ReactNode;
}) {
  const { menuActions, targetProps, menus } = useCurrentSongMenu(song);

  return (
    <Stack
      direction="row"
      spacing={1.5}
      {...targetProps}
      sx={{ alignItems: 'center', minWidth: 0, ...contextMenuTargetSx }}
    >
      {children}
      <SongMenu title={title} actions={menuActions} horizontal />
      {menus}
    </Stack>
  );
}
