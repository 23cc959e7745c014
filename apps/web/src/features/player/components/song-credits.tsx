import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Song } from '@cadenza/contract/songs';
import { Fragment } from 'react';
import { songArtist } from '@/components/song-card';

const linkSx = { color: 'inherit', fontWeight: 600 } as const;

/** The song's artists, each a link to their page, and its album, a link to the album's page. */
export function SongCredits({ song }: { song: Song }) {
  return (
    <Typography variant="h6" component="p" sx={{ color: 'text.secondary', mt: 0.5 }}>
      {song.artists.length === 0
        ? songArtist(song)
        : song.artists.map((artist, index) => (
            <Fragment key={artist._id}>
              {index > 0 && ', '}
              <Link href={`/artist/${artist._id}`} underline="hover" sx={linkSx}>
                {artist.name}
              </Link>
            </Fragment>
          ))}
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
