import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import type { Song } from '@cadenza/contract/songs';
import { CoverImage } from '@/components/cover-image';

/**
 * A song in a dialog's list: its cover (`coverSize` pixels square), then its title over
 * `secondary`, each cut to one line.
 */
export function SongListEntry({
  song,
  coverSize,
  secondary,
}: {
  song: Song;
  coverSize: number;
  secondary: string;
}) {
  return (
    <>
      <ListItemAvatar sx={{ minWidth: coverSize + 16 }}>
        <CoverImage
          src={song.coverImage}
          alt=""
          size={96}
          sx={{ width: coverSize, height: coverSize, borderRadius: 1 }}
        />
      </ListItemAvatar>
      <ListItemText
        primary={song.title}
        secondary={secondary}
        slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
      />
    </>
  );
}
