import AudioFileIcon from '@mui/icons-material/AudioFile';
import ImageIcon from '@mui/icons-material/Image';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  currentYear,
  MAX_SONG_TEXT_LENGTH,
  MIN_RELEASE_YEAR,
  songFormMessages,
  songFormSchema,
  type SongFileDetails,
  type SongForm,
} from '@cadenza/contract/song-form';
import { GENRES, type Song } from '@cadenza/contract/songs';
import { MAX_SONG_GENRES, tagGenreListSchema } from '@cadenza/contract/tag-genres';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import {
  CoverImageCaption,
  CoverImageInput,
  useCoverImageChoice,
} from '@/components/cover-image-input';
import { GenreNamesField } from '@/components/genre-names-field';
import { errorMessage } from '@/lib/api-client';
import { capitalize, formatDuration } from '@/lib/format';
import { inspectSongFile } from '@/api/admin/inspect-song-file';
import { useTagGenres } from '@/api/genres/get-tag-genres';
import { useSaveSong } from '@/api/admin/save-song';
import { useUploadSave } from '../hooks/use-upload-save';
import { CoverPreview } from './cover-preview';
import { SongCatalogueSection, useSongCatalogueEdit } from './song-catalogue-section';
import { UploadFormDialog } from './upload-form-dialog';

export const TAGS_UNREADABLE_MESSAGE = "Could not read this file's tags; fill in the fields below.";

type FieldName = keyof SongForm;

/** The form and, beside the one of the seven it is filed under, the song's tag genres. */
const songDialogSchema = songFormSchema.extend({ genres: tagGenreListSchema });
type SongDialogValues = SongForm & { genres: string[] };

function defaultsOf(song: Song | null): SongDialogValues {
  return {
    title: song?.title ?? '',
    artist: song?.artist ?? '',
    album: song?.album ?? '',
    genre: song?.genre ?? 'pop',
    releaseYear: song?.releaseYear ?? currentYear(),
    duration: song?.duration ?? 0,
    genres: song?.genres.map((genre) => genre.name) ?? [],
  };
}

/** The message of the genres' list (too many) or of its first wrong genre (too long). */
function genresErrorOf(error: FieldErrors<SongDialogValues>['genres']): string | undefined {
  if (!error) return undefined;
  if (error.message) return error.message;
  for (let index = 0; index <= MAX_SONG_GENRES; index += 1) {
    const message = error[index]?.message;
    if (message) return message;
  }
  return undefined;
}

/** The form's values a file's tags can provide, in the form's types. */
function valuesFromTags(details: SongFileDetails): Partial<SongForm> {
  const values: Partial<SongForm> = {};
  if (details.title) values.title = details.title;
  if (details.artist) values.artist = details.artist;
  if (details.album) values.album = details.album;
  if (details.genre) values.genre = details.genre;
  if (details.releaseYear) values.releaseYear = details.releaseYear;
  if (details.duration) values.duration = details.duration;
  return values;
}

function isAudio(file: File): boolean {
  // Some systems give no type for less common audio files: the server checks the bytes anyway.
  return file.type === '' || file.type.startsWith('audio/');
}

/**
 * Add/Edit Song (docs/product.md §5). Choosing an audio file fills the fields from its tags, except the
 * ones the admin has already changed in this dialog; when editing, only empty fields and the
 * duration (which belongs to the new file) are filled. Saving shows the upload overlay.
 */
export function SongFormDialog({ song, onClose }: { song: Song | null; onClose: () => void }) {
  const editing = song !== null;
  const saveSong = useSaveSong();
  const save = useUploadSave({ failed: 'Failed to save song', onSaved: onClose });
  const { upload } = save;
  const audioInputId = useId();

  const [audioFile, setAudioFile] = useState<File | null>(null);
  const [audioError, setAudioError] = useState<string | null>(null);
  const [inspecting, setInspecting] = useState(false);
  const [embeddedCover, setEmbeddedCover] = useState<string | null>(null);
  /** Why the file's own picture is not shown (too large to read), from the server. */
  const [embeddedCoverNote, setEmbeddedCoverNote] = useState<string | null>(null);
  const cover = useCoverImageChoice();
  /** Only the latest chosen file's tags count. */
  const inspection = useRef(0);
  /** Edit Song's Catalogue section (track, disc, artists, lyrics). */
  const catalogue = useSongCatalogueEdit(song);

  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    getFieldState,
    clearErrors,
    formState,
  } = useForm<SongDialogValues>({
    resolver: zodResolver(songDialogSchema),
    defaultValues: defaultsOf(song),
  });
  const genreSuggestions = useTagGenres().data?.map((genre) => genre.name);
  const [title, artist, duration] = useWatch({ control, name: ['title', 'artist', 'duration'] });
  // Reading dirtyFields subscribes the form to it: a field the admin changed by hand is dirty,
  // and tags never overwrite it (values set from tags do not count as changes).
  const { errors, dirtyFields: _subscribeToDirtyFields } = formState;

  const fillFromTags = (details: SongFileDetails) => {
    const values = valuesFromTags(details);
    for (const name of Object.keys(values) as FieldName[]) {
      if (getFieldState(name).isDirty) continue;
      const current = getValues(name);
      const empty = current === '' || current === 0;
      if (editing && name !== 'duration' && !empty) continue;
      setValue(name, values[name] as never);
      clearErrors(name);
    }
    setEmbeddedCover(details.coverImage);
    setEmbeddedCoverNote(details.coverNote);
  };

  const handleAudioChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!file) return;
    if (!isAudio(file)) {
      setAudioError(songFormMessages.audioType);
      return;
    }
    setAudioError(null);
    setAudioFile(file);
    setEmbeddedCover(null);
    setEmbeddedCoverNote(null);
    const current = ++inspection.current;
    setInspecting(true);
    inspectSongFile(file)
      .then((details) => {
        if (current === inspection.current) fillFromTags(details);
      })
      .catch((error: unknown) => {
        if (current === inspection.current)
          setAudioError(errorMessage(error, TAGS_UNREADABLE_MESSAGE));
      })
      .finally(() => {
        if (current === inspection.current) setInspecting(false);
      });
  };

  const onSubmit = handleSubmit(({ genres, ...values }) => {
    if (!editing && !audioFile) return;
    const catalogueChanges = catalogue.changes();
    if (catalogueChanges === null) return;
    // Sent when typed: a new song without them takes its file's; an edit changes them only when
    // they were changed (an empty list then clears them).
    const typedGenres = editing ? getFieldState('genres').isDirty : genres.length > 0;
    const { onProgress, handlers } = save.begin(
      editing ? 'Song updated successfully' : 'Song added successfully',
    );
    saveSong.mutate(
      {
        ...(song ? { songId: song._id } : {}),
        values,
        ...(typedGenres ? { genres } : {}),
        ...(editing ? { catalogue: catalogueChanges } : {}),
        audioFile,
        coverImage: cover.choice?.file ?? null,
        onProgress,
      },
      handlers,
    );
  });

  const submitDisabled =
    !title?.trim() || !artist?.trim() || (!editing && !audioFile) || upload.active;

  // A chosen cover wins; then the song's own (editing) or the file's embedded picture (adding).
  const coverPreview = cover.choice?.previewUrl ?? (editing ? song.coverImage : embeddedCover);
  const coverHint = editing
    ? 'Current cover'
    : embeddedCover
      ? 'Cover from the audio file'
      : (embeddedCoverNote ?? 'Optional: uses the audio file’s picture if it has one');

  /** Title, artist and album: text the file's tags may fill in. */
  const textField = (name: 'title' | 'artist' | 'album', label: string, required: boolean) => (
    <TextField
      label={label}
      required={required}
      {...register(name)}
      error={Boolean(errors[name])}
      helperText={errors[name]?.message}
      slotProps={{
        htmlInput: { maxLength: MAX_SONG_TEXT_LENGTH },
        inputLabel: { shrink: true },
      }}
    />
  );

  const audioCaption = audioFile
    ? audioFile.name
    : editing
      ? 'Optional: the current file is kept'
      : 'Required: MP3 (also M4A/AAC, FLAC, Ogg/Opus or WAV)';

  return (
    <UploadFormDialog
      title={editing ? 'Edit Song' : 'Add New Song'}
      submitLabel={editing ? 'Update Song' : 'Add Song'}
      submitDisabled={submitDisabled}
      save={save}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
      asideWidth={240}
      aside={
        <Stack spacing={2}>
          <CoverPreview
            src={coverPreview}
            fallback="song"
            iconSize={56}
            sx={{ position: 'relative', width: { xs: 160, md: '100%' }, mx: { xs: 'auto', md: 0 } }}
          />
          <Box>
            <CoverImageInput
              onChange={cover.handleChange}
              startIcon={<ImageIcon />}
              disabled={upload.active}
              fullWidth
            >
              {cover.choice ? 'Change Cover Image' : 'Choose Cover Image'}
            </CoverImageInput>
            <CoverImageCaption
              cover={cover}
              hint={coverHint}
              variant="caption"
              component="p"
              sx={{ mt: 0.75, overflowWrap: 'anywhere' }}
            />
          </Box>
        </Stack>
      }
    >
      <Box
        sx={{
          p: 2,
          borderRadius: 2,
          border: 1,
          borderStyle: 'dashed',
          borderColor: audioError ? 'error.main' : 'divider',
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          flexWrap: 'wrap',
        }}
      >
        <AudioFileIcon sx={{ color: 'primary.main', fontSize: 36 }} aria-hidden />
        <Box sx={{ flex: 1, minWidth: 160 }}>
          <Typography variant="subtitle2">Audio File{editing ? '' : ' *'}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {audioCaption}
          </Typography>
          {inspecting && (
            <Typography
              variant="caption"
              role="status"
              sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}
            >
              <CircularProgress size={12} aria-hidden /> Reading tags…
            </Typography>
          )}
          {audioError && (
            <Typography
              variant="caption"
              role="alert"
              sx={{ display: 'block', color: 'error.main', mt: 0.5 }}
            >
              {audioError}
            </Typography>
          )}
        </Box>
        <Button
          component="label"
          htmlFor={audioInputId}
          variant="contained"
          size="small"
          disabled={upload.active}
        >
          {audioFile ? 'Change File' : 'Choose File'}
        </Button>
        <input
          id={audioInputId}
          type="file"
          accept="audio/*,.mp3,.m4a,.flac,.ogg,.opus,.wav"
          aria-label="Audio file"
          hidden
          onChange={handleAudioChange}
        />
      </Box>

      {textField('title', 'Title', true)}
      {textField('artist', 'Artist', true)}
      {textField('album', 'Album', false)}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
        }}
      >
        <Controller
          control={control}
          name="genre"
          render={({ field }) => (
            <TextField
              select
              label="Genre"
              name={field.name}
              value={field.value}
              inputRef={field.ref}
              onBlur={field.onBlur}
              onChange={(event) => {
                field.onChange(event.target.value);
              }}
              error={Boolean(errors.genre)}
              helperText={errors.genre?.message}
            >
              {GENRES.map((genre) => (
                <MenuItem key={genre} value={genre}>
                  {capitalize(genre)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField
          label="Release Year"
          type="number"
          required
          {...register('releaseYear', { valueAsNumber: true })}
          error={Boolean(errors.releaseYear)}
          helperText={errors.releaseYear?.message}
          slotProps={{
            htmlInput: { min: MIN_RELEASE_YEAR, max: currentYear(), step: 1 },
            inputLabel: { shrink: true },
          }}
        />
        <TextField
          label="Duration (seconds)"
          type="number"
          required
          {...register('duration', { valueAsNumber: true })}
          error={Boolean(errors.duration)}
          helperText={
            errors.duration?.message ??
            (Number.isFinite(duration) && duration > 0 ? formatDuration(duration) : undefined)
          }
          slotProps={{
            htmlInput: { min: 1, step: 1 },
            inputLabel: { shrink: true },
          }}
        />
      </Box>
      <Controller
        control={control}
        name="genres"
        render={({ field }) => (
          <GenreNamesField
            value={field.value}
            onChange={field.onChange}
            suggestions={genreSuggestions}
            disabled={upload.active}
            error={Boolean(errors.genres)}
            helperText={
              genresErrorOf(errors.genres) ??
              (editing
                ? 'Genres as tagged: press Enter after each'
                : "Press Enter after each; leave empty to take the audio file's")
            }
          />
        )}
      />
      {editing && <SongCatalogueSection edit={catalogue.section} disabled={upload.active} />}
    </UploadFormDialog>
  );
}
