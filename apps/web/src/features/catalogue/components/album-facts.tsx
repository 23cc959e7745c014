import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { AlbumDetail } from '@cadenza/contract/catalogue';
import { songCountLabel } from '@/components/playlist-card';
import { artistPath } from '@/components/song-actions/song-menu-actions';
import { formatExactDuration } from '@/lib/format';
import { formatReleaseDate } from '../release-date';

/**
 * What an album's header says of it: its artist, release date (or year), labels, song count and
 * exact length; then when it was first released, if that was another time, whether it is a
 * compilation, and its MusicBrainz page when its files name the release.
 */
export function AlbumFacts({ album }: { album: AlbumDetail }) {
  const { artist, releaseDate, originalReleaseDate, year, recordLabels } = album;
  const released = releaseDate === null ? year : formatReleaseDate(releaseDate);
  const facts = [
    released,
    recordLabels.length > 0 ? recordLabels.join(', ') : null,
    songCountLabel(album.songs.length),
    formatExactDuration(album.durationMs),
  ].filter((fact) => fact !== null);
  const firstReleased =
    originalReleaseDate !== null && originalReleaseDate !== releaseDate
      ? `Originally released ${formatReleaseDate(originalReleaseDate)}`
      : null;
  const hasMore = firstReleased !== null || album.isCompilation || album.musicBrainzId !== null;

  return (
    <>
      <Link href={artistPath(artist._id)} underline="hover">
        {artist.name}
      </Link>
      {facts.map((fact, index) => (
        <Box component="span" key={index}>
          {' • '}
          {fact}
        </Box>
      ))}
      {hasMore && (
        <Stack
          direction="row"
          spacing={1.5}
          useFlexGap
          sx={{
            mt: 1,
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: { xs: 'center', sm: 'flex-start' },
          }}
        >
          {firstReleased !== null && <span>{firstReleased}</span>}
          {album.isCompilation && <Chip label="Compilation" size="small" variant="outlined" />}
          {album.musicBrainzId !== null && (
            <Link
              href={`https://musicbrainz.org/release/${encodeURIComponent(album.musicBrainzId)}`}
              target="_blank"
              rel="noopener noreferrer"
              underline="hover"
            >
              MusicBrainz
            </Link>
          )}
        </Stack>
      )}
    </>
  );
}
