import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { MAX_GENRE_LENGTH } from '@cadenza/contract/tag-genres';

const NO_SUGGESTIONS: string[] = [];

/**
 * A form's tag genres as chips: type a name and press Enter (or leave the field) to add it, a
 * chip's cross removes it. Names are compared without case, so a genre is never there twice.
 * `suggestions` (the library's genres) are offered as the admin types.
 */
export function GenreNamesField({
  value,
  onChange,
  label = 'Genres',
  error,
  helperText,
  disabled,
  suggestions = NO_SUGGESTIONS,
}: {
  value: readonly string[];
  onChange: (genres: string[]) => void;
  label?: string;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
  suggestions?: readonly string[];
}) {
  const change = (names: readonly string[]) => {
    const seen = new Set<string>();
    onChange(
      names
        .map((name) => name.trim().replace(/\s+/gu, ' '))
        .filter((name) => {
          const key = name.toLowerCase();
          if (name === '' || seen.has(key)) return false;
          seen.add(key);
          return true;
        }),
    );
  };
  return (
    <Autocomplete
      multiple
      freeSolo
      autoSelect
      options={suggestions}
      value={[...value]}
      disabled={disabled}
      onChange={(_event, names) => change(names)}
      slotProps={{ chip: { size: 'small' } }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={error}
          helperText={helperText ?? 'Press Enter after each genre'}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, maxLength: MAX_GENRE_LENGTH },
          }}
        />
      )}
    />
  );
}
