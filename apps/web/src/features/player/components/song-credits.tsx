import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Song } from '@cadenza/contract/songs';
import { ArtistCredit } from '@/components/artist-credit';

const linkSx = { color: 'inherit', fontWeight: 600 } as const;

/** The song's artists, each a link to their page, and its album, a link to the album's page. */
export function SongCredits({ song }: { song: Song }) {
  return (
    <Typography variant="h6" component="p" sx={{ color: 'text.secondary', mt: 0.5 }}>
      <ArtistCredit song={song} linkProps={{ sx: linkSx }} />
      {song.album && (
        <>
          {' · '}
          {song.albumId ? (
            <Link href={`/album/${song.albumId}`} underline="hover" sx={linkSx}>
              {song.album}
            </Link>
          ) : (
            song.album
          )}
        </>
      )}
    </Typography>
  );
}
