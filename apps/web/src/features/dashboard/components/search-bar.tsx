import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { MAX_SEARCH_LENGTH } from '@cadenza/contract/limits';
import { memo, useEffect, useState, type FormEvent } from 'react';

/**
 * The search box keeps its own text, so typing re-renders nothing but the box. Search (or
 * Enter) hands the trimmed text up; a blank one means "clear" (SPEC.md §5).
 */
export const SearchBar = memo(function SearchBar({
  active,
  resetKey,
  onSearch,
  onClear,
}: {
  /** A search has run and its results are shown. */
  active: boolean;
  /** Changes when the search is cleared from outside (e.g. a tab change). */
  resetKey: number;
  onSearch: (query: string) => void;
  onClear: () => void;
}) {
  const [text, setText] = useState('');
  const blank = text.trim() === '';

  useEffect(() => {
    setText('');
  }, [resetKey]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (blank) {
      onClear();
      return;
    }
    onSearch(text.trim());
  };

  return (
    <Box
      component="form"
      role="search"
      onSubmit={handleSubmit}
      sx={{ display: 'flex', gap: 1, flexWrap: { xs: 'wrap', sm: 'nowrap' }, alignItems: 'center' }}
    >
      <TextField
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search songs, artists, albums"
        size="small"
        slotProps={{
          htmlInput: { 'aria-label': 'Search songs', maxLength: MAX_SEARCH_LENGTH },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon sx={{ color: 'text.secondary' }} />
              </InputAdornment>
            ),
            sx: { borderRadius: 999, bgcolor: 'action.hover' },
          },
        }}
        sx={{ flex: '1 1 240px' }}
      />
      <Button type="submit" variant="contained" disabled={blank}>
        Search
      </Button>
      {(active || !blank) && (
        <Button
          type="button"
          color="inherit"
          startIcon={<ClearIcon />}
          onClick={() => {
            setText('');
            onClear();
          }}
        >
          Clear Search
        </Button>
      )}
    </Box>
  );
});
