import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import LinkIcon from '@mui/icons-material/Link';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ShuffleIcon from '@mui/icons-material/Shuffle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PlaylistWithSongs } from '@cadenza/contract/playlists';
import { CollectionTitle } from '@/components/collection-title';
import { songCountLabel } from '@/components/playlist-card';
import { PlaylistCover } from '@/components/playlist-cover';
import { SongMenu, type SongMenuAction } from '@/components/song-menu';
import { formatTotalDuration } from '@/lib/format';

/** What the header's buttons do; the owner's are given only to the owner. */
export interface PlaylistHeaderActions {
  onPlay: () => void;
  onShuffle: () => void;
  /** Public playlists only. */
  onCopyLink?: (() => void) | undefined;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
  /** A smart playlist's owner: open its rules in the editor, save them as an .nsp file. */
  onEditRules?: (() => void) | undefined;
  onExport?: (() => void) | undefined;
  /** The "…" menu: the playlist's Play next and Add to queue. */
  menu: SongMenuAction[];
}

/** The top of a playlist page: cover, name, description, owner, count, length and actions. */
export function PlaylistHeader({
  playlist,
  actions,
}: {
  playlist: PlaylistWithSongs;
  actions: PlaylistHeaderActions;
}) {
  const length = playlist.songs.reduce((total, song) => total + song.durationMs, 0);
  const empty = playlist.songs.length === 0;
  const kind = playlist.isDefault
    ? 'Featured playlist'
    : `${playlist.isPublic ? 'Public' : 'Private'} ${playlist.isSmart ? 'smart ' : ''}playlist`;
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 2, sm: 3 }}
      sx={{ alignItems: { xs: 'center', sm: 'flex-end' } }}
    >
      <Box
        sx={{
          width: { xs: 200, sm: 220, md: 232 },
          flexShrink: 0,
          borderRadius: 2,
          overflow: 'hidden',
          boxShadow: 8,
        }}
      >
        <PlaylistCover playlist={playlist} size={600} priority />
      </Box>
      <Box sx={{ minWidth: 0, width: '100%', textAlign: { xs: 'center', sm: 'left' } }}>
        <Typography variant="overline" sx={{ color: 'text.secondary', fontWeight: 700 }}>
          {playlist.isSmart && (
            <AutoAwesomeIcon aria-hidden sx={{ fontSize: 14, mr: 0.5, verticalAlign: '-2px' }} />
          )}
          {kind}
        </Typography>
        <CollectionTitle
          sx={{ fontSize: { xs: '1.9rem', sm: '2.4rem', md: '3rem' }, wordBreak: 'break-word' }}
        >
          {playlist.name}
        </CollectionTitle>
        {playlist.description && (
          <Typography sx={{ mt: 1, color: 'text.secondary', wordBreak: 'break-word' }}>
            {playlist.description}
          </Typography>
        )}
        <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
          <Box component="span" sx={{ color: 'text.primary', fontWeight: 700 }}>
            {playlist.owner.name}
          </Box>
          {` · ${songCountLabel(playlist.songs.length)}`}
          {!empty && ` · ${formatTotalDuration(length)}`}
        </Typography>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ mt: 2, flexWrap: 'wrap', justifyContent: { xs: 'center', sm: 'flex-start' } }}
        >
          <Button
            variant="contained"
            startIcon={<PlayArrowIcon />}
            disabled={empty}
            aria-label={`Play ${playlist.name}`}
            onClick={actions.onPlay}
          >
            Play
          </Button>
          <Button
            variant="outlined"
            startIcon={<ShuffleIcon />}
            disabled={empty}
            aria-label={`Shuffle ${playlist.name}`}
            onClick={actions.onShuffle}
          >
            Shuffle
          </Button>
          {actions.onCopyLink && (
            <Button variant="outlined" startIcon={<LinkIcon />} onClick={actions.onCopyLink}>
              Copy link
            </Button>
          )}
          {actions.onEdit && (
            <Button variant="outlined" startIcon={<EditIcon />} onClick={actions.onEdit}>
              Edit
            </Button>
          )}
          {actions.onEditRules && (
            <Button variant="outlined" startIcon={<EditIcon />} onClick={actions.onEditRules}>
              Edit rules
            </Button>
          )}
          {actions.onExport && (
            <Button variant="outlined" startIcon={<FileDownloadIcon />} onClick={actions.onExport}>
              Export .nsp
            </Button>
          )}
          {actions.onDelete && (
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteOutlineIcon />}
              onClick={actions.onDelete}
            >
              Delete
            </Button>
          )}
          {!empty && <SongMenu title={playlist.name} actions={actions.menu} horizontal />}
        </Stack>
      </Box>
    </Stack>
  );
}
