import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ArtistRole } from '@cadenza/contract/artist-credit';
import { lyricsMessages, MAX_LYRICS_BYTES } from '@cadenza/contract/lyrics';
import {
  MAX_DISC_NUMBER,
  MAX_TRACK_NUMBER,
  songCatalogueMessages,
  songCreditListSchema,
} from '@cadenza/contract/song-catalogue-form';
import { MAX_SONG_TEXT_LENGTH } from '@cadenza/contract/song-form';
import type { Song } from '@cadenza/contract/songs';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent } from 'react';
import { songLyricsQueryOptions } from '@/api/songs/get-song-lyrics';
import type { SongCatalogueChanges } from '@/api/admin/save-song';
import { lyricsTextOf } from '../lib/lyrics-text';

export const LYRICS_FILE_UNREADABLE = 'Could not read this file as text.';
export const LYRICS_REMOVED_HINT = 'The song’s lyrics are removed when you save.';

interface CreditRow {
  readonly key: number;
  readonly name: string;
  readonly role: ArtistRole;
}

type ErrorField = 'trackNumber' | 'discNumber' | 'artists' | 'lyrics';

const ROLE_LABELS: Record<ArtistRole, string> = { main: 'Main', featured: 'Featured' };

function numberText(value: number | null): string {
  return value === null ? '' : String(value);
}

/** A whole number typed in `text` within 1…max: the number, undefined for none, or the message. */
function wholeNumber(text: string, max: number, message: string): number | undefined | Error {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 && value <= max ? value : new Error(message);
}

function sameCredits(rows: readonly CreditRow[], song: Song): boolean {
  return (
    rows.length === song.artists.length &&
    rows.every(
      (row, index) =>
        row.name.trim() === song.artists[index]?.name && row.role === song.artists[index]?.role,
    )
  );
}

/**
 * The Catalogue part of Edit Song (`song`; nothing when adding one): track and disc numbers, the
 * artists with their roles (rows added and removed), and the lyrics (typed, read from a `.lrc`,
 * or removed), showing the song's lyrics once they are read until the admin changes them.
 * `changes()` is what the admin changed once it is valid, else null with the errors shown; only
 * that is sent.
 */
export function useSongCatalogueEdit(song: Song | null) {
  const [trackNumber, setTrackNumber] = useState(numberText(song?.trackNumber ?? null));
  const [discNumber, setDiscNumber] = useState(numberText(song?.discNumber ?? null));
  const [nextKey, setNextKey] = useState(song?.artists.length ?? 0);
  const [credits, setCredits] = useState<CreditRow[]>(() =>
    (song?.artists ?? []).map((artist, key) => ({ key, name: artist.name, role: artist.role })),
  );
  const [typedLyrics, setLyrics] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<ErrorField, string>>>({});
  const current = useQuery({ ...songLyricsQueryOptions(song?._id ?? ''), enabled: song !== null });
  const currentText = current.data ? lyricsTextOf(current.data) : null;
  const lyricsChanged = typedLyrics !== null;
  const lyrics = typedLyrics ?? currentText ?? '';

  const clearError = (field: ErrorField) => setErrors(({ [field]: _cleared, ...rest }) => rest);

  const changeLyrics = (text: string) => {
    setLyrics(text);
    setFileError(null);
    clearError('lyrics');
  };

  const loadLyricsFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    file.text().then(changeLyrics, () => setFileError(LYRICS_FILE_UNREADABLE));
  };

  const changeCredits = (rows: CreditRow[]) => {
    setCredits(rows);
    clearError('artists');
  };

  const section = {
    trackNumber,
    discNumber,
    credits,
    lyrics,
    lyricsRemoved: lyricsChanged && lyrics === '' && currentText !== null && currentText !== '',
    fileError,
    errors,
    setTrackNumber: (text: string) => {
      setTrackNumber(text);
      clearError('trackNumber');
    },
    setDiscNumber: (text: string) => {
      setDiscNumber(text);
      clearError('discNumber');
    },
    setCredit: (key: number, change: Partial<Pick<CreditRow, 'name' | 'role'>>) =>
      changeCredits(credits.map((row) => (row.key === key ? { ...row, ...change } : row))),
    addCredit: () => {
      changeCredits([...credits, { key: nextKey, name: '', role: 'featured' }]);
      setNextKey(nextKey + 1);
    },
    removeCredit: (key: number) => changeCredits(credits.filter((row) => row.key !== key)),
    changeLyrics,
    removeLyrics: () => changeLyrics(''),
    loadLyricsFile,
  };

  const changes = (): SongCatalogueChanges | null => {
    if (!song) return {};
    const found: Partial<Record<ErrorField, string>> = {};
    const track = wholeNumber(trackNumber, MAX_TRACK_NUMBER, songCatalogueMessages.trackNumber);
    const disc = wholeNumber(discNumber, MAX_DISC_NUMBER, songCatalogueMessages.discNumber);
    if (track instanceof Error) found.trackNumber = track.message;
    if (disc instanceof Error) found.discNumber = disc.message;
    const creditsChanged = !sameCredits(credits, song);
    const list = songCreditListSchema.safeParse(credits.map(({ name, role }) => ({ name, role })));
    if (creditsChanged && !list.success) found.artists = list.error.issues[0]?.message;
    if (lyricsChanged && new TextEncoder().encode(lyrics).length > MAX_LYRICS_BYTES) {
      found.lyrics = lyricsMessages.tooLarge;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return null;
    const result: SongCatalogueChanges = {};
    if (typeof track === 'number' && track !== song.trackNumber) result.trackNumber = track;
    if (typeof disc === 'number' && disc !== song.discNumber) result.discNumber = disc;
    if (creditsChanged && list.success) result.artists = list.data;
    if (lyricsChanged && lyrics !== currentText) result.lyrics = lyrics;
    return result;
  };

  return { section, changes };
}

export type SongCatalogueEdit = ReturnType<typeof useSongCatalogueEdit>['section'];

/** The Catalogue section of Edit Song: track, disc, artists with roles, and lyrics. */
export function SongCatalogueSection({
  edit,
  disabled,
}: {
  edit: SongCatalogueEdit;
  disabled: boolean;
}) {
  const headingId = useId();
  const lyricsInputId = useId();
  const { errors } = edit;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ mb: 1.5 }}>
        Catalogue
      </Typography>
      <Stack spacing={2}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(2, 1fr)' }}>
          <TextField
            label="Track"
            type="number"
            value={edit.trackNumber}
            disabled={disabled}
            onChange={(event) => edit.setTrackNumber(event.target.value)}
            error={Boolean(errors.trackNumber)}
            helperText={errors.trackNumber}
            slotProps={{
              htmlInput: { min: 1, max: MAX_TRACK_NUMBER, step: 1 },
              inputLabel: { shrink: true },
            }}
          />
          <TextField
            label="Disc"
            type="number"
            value={edit.discNumber}
            disabled={disabled}
            onChange={(event) => edit.setDiscNumber(event.target.value)}
            error={Boolean(errors.discNumber)}
            helperText={errors.discNumber}
            slotProps={{
              htmlInput: { min: 1, max: MAX_DISC_NUMBER, step: 1 },
              inputLabel: { shrink: true },
            }}
          />
        </Box>

        <Box role="group" aria-label="Artists">
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            Artists
          </Typography>
          <Stack spacing={1.5}>
            {edit.credits.map((row, index) => (
              <Stack key={row.key} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  label={`Artist ${index + 1}`}
                  value={row.name}
                  disabled={disabled}
                  size="small"
                  fullWidth
                  onChange={(event) => edit.setCredit(row.key, { name: event.target.value })}
                  slotProps={{ htmlInput: { maxLength: MAX_SONG_TEXT_LENGTH } }}
                />
                <TextField
                  select
                  label={`Role of artist ${index + 1}`}
                  value={row.role}
                  disabled={disabled}
                  size="small"
                  sx={{ minWidth: 130 }}
                  onChange={(event) =>
                    edit.setCredit(row.key, { role: event.target.value as ArtistRole })
                  }
                >
                  {(Object.keys(ROLE_LABELS) as ArtistRole[]).map((role) => (
                    <MenuItem key={role} value={role}>
                      {ROLE_LABELS[role]}
                    </MenuItem>
                  ))}
                </TextField>
                <IconButton
                  aria-label={`Remove artist ${index + 1}`}
                  disabled={disabled}
                  onClick={() => edit.removeCredit(row.key)}
                >
                  <DeleteIcon />
                </IconButton>
              </Stack>
            ))}
          </Stack>
          {errors.artists && (
            <Typography
              variant="caption"
              role="alert"
              sx={{ display: 'block', color: 'error.main', mt: 0.5 }}
            >
              {errors.artists}
            </Typography>
          )}
          <Button
            size="small"
            startIcon={<AddIcon />}
            disabled={disabled}
            onClick={edit.addCredit}
            sx={{ mt: 1 }}
          >
            Add artist
          </Button>
        </Box>

        <Box>
          <TextField
            label="Lyrics"
            multiline
            minRows={4}
            maxRows={12}
            fullWidth
            value={edit.lyrics}
            disabled={disabled}
            onChange={(event) => edit.changeLyrics(event.target.value)}
            error={Boolean(errors.lyrics ?? edit.fileError)}
            helperText={
              errors.lyrics ??
              edit.fileError ??
              (edit.lyricsRemoved
                ? LYRICS_REMOVED_HINT
                : 'LRC ([mm:ss.xx] before each line) or plain text')
            }
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { spellCheck: false } }}
          />
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button
              component="label"
              htmlFor={lyricsInputId}
              size="small"
              variant="outlined"
              startIcon={<UploadFileIcon />}
              disabled={disabled}
            >
              Load .lrc file
            </Button>
            <input
              id={lyricsInputId}
              type="file"
              accept=".lrc,.txt,text/plain"
              aria-label="Lyrics file"
              hidden
              onChange={edit.loadLyricsFile}
            />
            <Button
              size="small"
              color="inherit"
              disabled={disabled || edit.lyrics === ''}
              onClick={edit.removeLyrics}
            >
              Remove lyrics
            </Button>
          </Stack>
        </Box>
      </Stack>
    </Box>
  );
}
