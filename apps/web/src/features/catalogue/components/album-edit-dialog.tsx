import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { albumFormSchema, type AlbumForm } from '@cadenza/contract/album-form';
import type { Album } from '@cadenza/contract/catalogue';
import { currentYear, MAX_SONG_TEXT_LENGTH, MIN_RELEASE_YEAR } from '@cadenza/contract/song-form';
import { Controller, FormProvider, useForm, type Path } from 'react-hook-form';
import { useCoverImageChoice } from '@/components/cover-image-input';
import { FormDialog } from '@/components/form-dialog';
import { FormTextField } from '@/components/form-text-field';
import { GenreNamesField } from '@/components/genre-names-field';
import { PlaylistCoverField } from '@/components/playlist-cover-field';
import { useToast } from '@/components/toast-context';
import { useSaveAlbum } from '@/api/admin/save-album';
import { useTagGenres } from '@/api/genres/get-tag-genres';
import { ApiError, errorMessage } from '@/lib/api-client';

export const ALBUM_SAVED_MESSAGE = 'Album updated successfully';
export const ALBUM_SAVE_FAILED = 'Failed to save album';

const FIELDS: ReadonlyArray<Path<AlbumForm>> = ['title', 'albumArtist', 'year', 'genres'];

/** The message of a list field's error: the list's own, or its first item's. */
function listErrorOf(
  error: { message?: string; root?: { message?: string } } | undefined,
): string | undefined {
  if (!error) return undefined;
  if (error.message) return error.message;
  if (error.root?.message) return error.root.message;
  const items: unknown[] = Array.isArray(error) ? error : [];
  const first = items.find(
    (item): item is { message: string } =>
      typeof (item as { message?: unknown } | undefined)?.message === 'string',
  );
  return first?.message;
}

function defaultsOf(album: Album): AlbumForm {
  return {
    title: album.title,
    albumArtist: album.artist.name,
    year: album.year,
    genres: album.genres.map((genre) => genre.name),
  };
}

/**
 * Edit Album, for administrators: title, album artist, year, the genres of all its songs, and a
 * new cover. The songs of the album show the new title and artist as soon as it is saved.
 */
export function AlbumEditDialog({ album, onClose }: { album: Album; onClose: () => void }) {
  const saveAlbum = useSaveAlbum();
  const toast = useToast();
  const cover = useCoverImageChoice();
  const genreSuggestions = useTagGenres().data?.map((genre) => genre.name);
  const form = useForm<AlbumForm>({
    resolver: zodResolver(albumFormSchema),
    defaultValues: defaultsOf(album),
  });
  const { control, formState, setError, clearErrors } = form;
  const rootError = formState.errors.root?.message;
  const genresError = listErrorOf(formState.errors.genres);

  const onSubmit = form.handleSubmit((values) => {
    saveAlbum.mutate(
      { albumId: album._id, values, coverImage: cover.choice?.file ?? null },
      {
        onSuccess: () => {
          toast.success(ALBUM_SAVED_MESSAGE);
          onClose();
        },
        onError: (error) => {
          // The server's field errors go beside their fields; anything else above them.
          const fieldErrors = error instanceof ApiError ? error.errors : [];
          const known = fieldErrors.filter((entry) =>
            FIELDS.includes(entry.field.split('.')[0] as Path<AlbumForm>),
          );
          for (const entry of known) {
            setError(entry.field.split('.')[0] as Path<AlbumForm>, { message: entry.message });
          }
          if (known.length === 0) {
            setError('root', { message: errorMessage(error, ALBUM_SAVE_FAILED) });
          }
        },
      },
    );
  });

  return (
    <FormProvider {...form}>
      <FormDialog
        open
        title="Edit Album"
        maxWidth="sm"
        pending={saveAlbum.isPending}
        submitLabel="Save Album"
        onSubmit={(event) => void onSubmit(event)}
        onClose={onClose}
      >
        <Stack spacing={2} sx={{ pt: 1 }}>
          {rootError && <Alert severity="error">{rootError}</Alert>}
          <PlaylistCoverField cover={cover} current={album.coverImage} />
          <FormTextField<AlbumForm>
            name="title"
            label="Title"
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: MAX_SONG_TEXT_LENGTH } }}
          />
          <FormTextField<AlbumForm>
            name="albumArtist"
            label="Album Artist"
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: MAX_SONG_TEXT_LENGTH } }}
          />
          <Controller
            control={control}
            name="year"
            render={({ field, fieldState }) => (
              <TextField
                label="Year"
                type="number"
                name={field.name}
                inputRef={field.ref}
                value={field.value ?? ''}
                onBlur={field.onBlur}
                onChange={(event) => {
                  const text = event.target.value;
                  field.onChange(text === '' ? null : Number(text));
                  clearErrors('year');
                }}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                slotProps={{ htmlInput: { min: MIN_RELEASE_YEAR, max: currentYear(), step: 1 } }}
              />
            )}
          />
          <Controller
            control={control}
            name="genres"
            render={({ field }) => (
              <GenreNamesField
                value={field.value}
                suggestions={genreSuggestions}
                onChange={(genres) => {
                  field.onChange(genres);
                  clearErrors('genres');
                }}
                error={genresError !== undefined}
                helperText={
                  genresError ?? 'The genres of every song of the album; press Enter after each'
                }
              />
            )}
          />
        </Stack>
      </FormDialog>
    </FormProvider>
  );
}
