import { MAX_SEARCH_LENGTH } from '@cadenza/contract/limits';
import { memo, useEffect, useState, type FormEvent } from 'react';
import styles from './search-bar.module.css';

/** Material icons' Search and Clear, drawn inline: the row renders with the page's head. */
const SEARCH_PATH =
  'M15.5 14h-.79l-.28-.27C15.41 12.59 16 11.11 16 9.5 16 5.91 13.09 3 9.5 3S3 5.91 3 9.5 5.91 16 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14';
const CLEAR_PATH =
  'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z';

/**
 * The search box keeps its own text, so typing re-renders nothing but the box. Search (or
 * Enter) hands the trimmed text up; a blank one means "clear" (docs/product.md §5).
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
    // Plain markup over the theme's tokens, not MUI's TextField and Buttons: it renders with the
    // page's head, before the songs, and MUI's input was a large part of that render.
    <form role="search" onSubmit={handleSubmit} className={styles.form}>
      <label className={styles.box}>
        <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
          <path d={SEARCH_PATH} />
        </svg>
        <input
          className={styles.input}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search songs, artists, albums"
          aria-label="Search songs"
          maxLength={MAX_SEARCH_LENGTH}
        />
      </label>
      <button
        type="submit"
        disabled={blank}
        className={`cz-button cz-button-contained ${styles.search}`}
      >
        Search
      </button>
      {(active || !blank) && (
        <button
          type="button"
          className="cz-button"
          onClick={() => {
            setText('');
            onClear();
          }}
        >
          <span className="cz-button-start-icon">
            <svg className={styles.clearIcon} viewBox="0 0 24 24" aria-hidden="true">
              <path d={CLEAR_PATH} />
            </svg>
          </span>
          Clear Search
        </button>
      )}
    </form>
  );
});
