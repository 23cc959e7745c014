import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Song } from '@cadenza/contract/songs';
import { CoverImage } from '@/components/cover-image';
import { songArtist } from '@/components/song-card';

/**
 * A song's small cover, then its title over its artist (docs/product.md fallbacks): two cells of the row
 * they sit in, whether a grid or a flex row.
 */
export function SongSummary({ song, current = false }: { song: Song; current?: boolean }) {
  return (
    <>
      <Box sx={{ width: 40, flexShrink: 0, borderRadius: 1, overflow: 'hidden' }}>
        <CoverImage src={song.coverImage} alt="" size={96} />
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography
          noWrap
          sx={{ fontWeight: 600, color: current ? 'primary.main' : 'text.primary' }}
        >
          {song.title || 'Unknown Title'}
        </Typography>
        <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
          {songArtist(song)}
        </Typography>
      </Box>
    </>
  );
}
