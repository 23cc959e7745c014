import Box from '@mui/material/Box';
import type { Playlist } from '@cadenza/contract/playlists';
import { CoverImage, type CoverSize } from './cover-image';

/** A collage tile is half the cover, so it asks for the next size down. */
const TILE_SIZE: Record<CoverSize, CoverSize> = { 96: 96, 300: 96, 600: 300 };

/**
 * A playlist's picture: its uploaded cover; without one, a 2x2 collage of the covers of four
 * different albums among its songs (one cover when it has fewer), or the default image.
 */
export function PlaylistCover({
  playlist,
  size,
  priority = false,
}: {
  playlist: Pick<Playlist, 'coverImage' | 'coverMosaic'>;
  size: CoverSize;
  priority?: boolean;
}) {
  const mosaic = playlist.coverMosaic;
  if (mosaic.length < 4) {
    const [first] = mosaic;
    return (
      <CoverImage
        src={first ?? playlist.coverImage}
        alt=""
        fallback="playlist"
        size={size}
        priority={priority}
      />
    );
  }
  return (
    <Box
      data-testid="playlist-cover-mosaic"
      sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', aspectRatio: '1 / 1' }}
    >
      {mosaic.slice(0, 4).map((src) => (
        <CoverImage
          key={src}
          src={src}
          alt=""
          fallback="song"
          size={TILE_SIZE[size]}
          priority={priority}
        />
      ))}
    </Box>
  );
}
