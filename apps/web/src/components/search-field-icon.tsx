import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';

/** The magnifier at the start of a text field that filters or searches songs. */
export function SearchFieldIcon() {
  return (
    <InputAdornment position="start">
      <SearchIcon fontSize="small" />
    </InputAdornment>
  );
}
