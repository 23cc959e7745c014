import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Playlist } from '@cadenza/contract/playlists';
import { cardButtonSx, cardSurfaceSx } from './card-styles';
import { playlistMenuActions } from './collection-actions/collection-menu-actions';
import { useCollectionActions } from './collection-actions/use-collection-actions';
import { ContextMenu } from './context-menu/context-menu';
import { contextMenuTargetSx, useContextMenu } from './context-menu/use-context-menu';
import { PlaylistCover } from './playlist-cover';
import { SongMenu } from './song-menu';

export function songCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'song' : 'songs'}`;
}

/**
 * A playlist as a card: cover, name and song count; a click opens it. Its menu ("…", a
 * right-click or a long-press) plays or opens it.
 */
export function PlaylistCard({
  playlist,
  onOpen,
  onDelete,
}: {
  playlist: Playlist;
  onOpen: (playlist: Playlist) => void;
  /** Only for playlists the user owns. */
  onDelete?: (playlist: Playlist) => void;
}) {
  const collectionActions = useCollectionActions();
  const menuActions = playlistMenuActions(playlist, collectionActions, () => onOpen(playlist));
  const contextMenu = useContextMenu();
  return (
    <Card
      component="article"
      aria-label={playlist.name}
      elevation={0}
      {...contextMenu.targetProps}
      sx={{ position: 'relative', ...cardSurfaceSx, ...contextMenuTargetSx }}
    >
      <ButtonBase
        onClick={() => onOpen(playlist)}
        aria-label={`Open playlist ${playlist.name}`}
        sx={cardButtonSx}
      >
        <Box sx={{ borderRadius: 1.5, overflow: 'hidden', boxShadow: 4, mb: 1.25 }}>
          <PlaylistCover playlist={playlist} size={300} />
        </Box>
        <Typography
          component="h3"
          variant="subtitle1"
          noWrap
          title={playlist.name}
          sx={{ fontWeight: 700, pr: onDelete ? 8 : 4 }}
        >
          {playlist.name}
        </Typography>
        <Stack
          direction="row"
          spacing={0.75}
          sx={{ alignItems: 'center', color: 'text.secondary' }}
        >
          {playlist.isSmart ? (
            <AutoAwesomeIcon titleAccess="Smart playlist" sx={{ fontSize: 16 }} />
          ) : (
            <QueueMusicIcon sx={{ fontSize: 16 }} aria-hidden />
          )}
          <Typography variant="body2">{songCountLabel(playlist.songCount)}</Typography>
        </Stack>
      </ButtonBase>
      {onDelete && (
        <IconButton
          size="small"
          aria-label={`Delete playlist ${playlist.name}`}
          onClick={() => onDelete(playlist)}
          sx={{ position: 'absolute', right: 8, bottom: 10, color: 'text.secondary' }}
        >
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      )}
      <Box
        sx={{ position: 'absolute', right: onDelete ? 40 : 8, bottom: 10, color: 'text.secondary' }}
      >
        <SongMenu title={playlist.name} actions={menuActions} horizontal />
      </Box>
      <ContextMenu menu={contextMenu} actions={menuActions} />
    </Card>
  );
}
