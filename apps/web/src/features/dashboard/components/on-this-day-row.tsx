import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { Album } from '@cadenza/contract/catalogue';
import type { Song } from '@cadenza/contract/songs';
import { useOnThisDay } from '@/api/listening-stats/on-this-day';
import { usePlayAlbum } from '@/components/album-card';
import { cardButtonSx, cardSurfaceSx } from '@/components/card-styles';
import { CoverImage } from '@/components/cover-image';
import { MediaCard } from '@/components/media-card';
import { MediaRow } from '@/components/media-row';
import { albumPath } from '@/components/song-actions/song-menu-actions';
import { songArtist, songTitle } from '@/components/song-card';
import { playSong } from '@/lib/player/play-song';

const RELEASE_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2024 · 2 years ago" */
export function yearsAgoLabel(year: number, thisYear: number): string {
  const ago = thisYear - year;
  return `${year} · ${ago} ${ago === 1 ? 'year' : 'years'} ago`;
}

/** "Released 30 Nov 1994" */
export function releasedLabel(releaseDate: string): string {
  return `Released ${RELEASE_DATE.format(new Date(`${releaseDate}T00:00:00Z`))}`;
}

/**
 * Home's "On this day": the songs the listener played on today's date in earlier years (a card
 * plays its year's songs from it on), then the albums released on it. Left out when there is
 * neither, or when it cannot be loaded: it is a bonus, never in the way.
 */
export function OnThisDayRow() {
  const onThisDay = useOnThisDay();
  if (!onThisDay.data) return null;
  const { day, played, released } = onThisDay.data;
  if (played.length === 0 && released.length === 0) return null;
  const thisYear = Number(day.slice(0, 4));
  return (
    <MediaRow title="On this day">
      {played.flatMap(({ year, songs }) =>
        songs.map((song) => (
          <PlayedCard
            key={`${year}-${song._id}`}
            song={song}
            list={songs}
            when={yearsAgoLabel(year, thisYear)}
          />
        )),
      )}
      {released.map((album) => (
        <ReleasedCard key={album._id} album={album} />
      ))}
    </MediaRow>
  );
}

function PlayedCard({ song, list, when }: { song: Song; list: readonly Song[]; when: string }) {
  const title = songTitle(song);
  return (
    <Card component="article" aria-label={title} elevation={0} sx={cardSurfaceSx}>
      <ButtonBase
        onClick={() => playSong(song, list)}
        aria-label={`Play ${title}`}
        sx={cardButtonSx}
      >
        <Box sx={{ borderRadius: 1.5, overflow: 'hidden', boxShadow: 4, mb: 1.25 }}>
          <CoverImage src={song.coverImage} alt="" size={300} />
        </Box>
        <Typography
          component="h3"
          variant="subtitle1"
          noWrap
          title={title}
          sx={{ fontWeight: 700 }}
        >
          {title}
        </Typography>
        <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
          {songArtist(song)}
        </Typography>
        <Typography variant="body2" sx={{ color: 'primary.main', fontWeight: 600 }}>
          {when}
        </Typography>
      </ButtonBase>
    </Card>
  );
}

function ReleasedCard({ album }: { album: Album }) {
  const playAlbum = usePlayAlbum();
  return (
    <MediaCard
      title={album.title}
      href={albumPath(album._id)}
      imageUrl={album.coverImage}
      subtitle={
        // Whole on a phone's narrow card: the date wraps rather than being cut.
        <Box component="span" sx={{ display: 'block', whiteSpace: 'normal' }}>
          {album.releaseDate ? releasedLabel(album.releaseDate) : album.artist.name}
        </Box>
      }
      play={{
        label: `Play ${album.title}`,
        playing: false,
        onClick: () => void playAlbum(album._id),
      }}
    />
  );
}
