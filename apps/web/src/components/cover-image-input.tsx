import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useCallback, useEffect, useId, useState, type ChangeEvent, type ReactNode } from 'react';

export const COVER_NOT_IMAGE_MESSAGE = 'Please choose an image file';
/** What a cover chooser says before a file is chosen, unless the form has more to say. */
export const COVER_IMAGE_HINT = 'Optional: JPEG, PNG, WebP or GIF';

/** A cover image chosen for upload, with an object URL to preview it before it is sent. */
export interface CoverImageChoice {
  file: File;
  previewUrl: string;
}

/**
 * The cover image a form is about to upload: the chosen file and its preview, or why the last
 * file was refused (only images are taken). The preview's object URL is released when it is
 * replaced or the form goes away.
 */
export function useCoverImageChoice() {
  const [choice, setChoice] = useState<CoverImageChoice | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!choice) return;
    return () => URL.revokeObjectURL(choice.previewUrl);
  }, [choice]);

  const handleChange = useCallback((event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setError(COVER_NOT_IMAGE_MESSAGE);
      return;
    }
    setError(null);
    setChoice({ file, previewUrl: URL.createObjectURL(file) });
  }, []);

  /** Forgets the chosen file and any refusal message. */
  const reset = useCallback(() => {
    setChoice(null);
    setError(null);
  }, []);

  return { choice, error, handleChange, reset };
}

/** The button that opens the file chooser for a cover image (the input itself stays hidden). */
export function CoverImageInput({
  children,
  onChange,
  disabled,
  fullWidth,
  startIcon,
}: {
  children: ReactNode;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  disabled?: boolean;
  fullWidth?: boolean;
  startIcon?: ReactNode;
}) {
  const inputId = useId();
  return (
    <>
      <Button
        component="label"
        htmlFor={inputId}
        variant="outlined"
        size="small"
        startIcon={startIcon}
        disabled={disabled}
        fullWidth={fullWidth}
      >
        {children}
      </Button>
      <input
        id={inputId}
        type="file"
        accept="image/*"
        aria-label="Cover image"
        hidden
        onChange={onChange}
      />
    </>
  );
}

/**
 * The line under a cover chooser: why the last file was refused (announced to screen readers),
 * else the chosen file's name, else `hint`.
 */
export function CoverImageCaption({
  cover,
  hint = COVER_IMAGE_HINT,
  variant,
  component,
  noWrap,
  sx,
}: {
  cover: Pick<ReturnType<typeof useCoverImageChoice>, 'choice' | 'error'>;
  hint?: string;
  variant: TypographyProps['variant'];
  /** 'p' where the caption is a paragraph of its own; else the variant's element. */
  component?: 'p';
  noWrap?: boolean;
  sx?: SxProps<Theme>;
}) {
  const { choice, error } = cover;
  return (
    <Typography
      variant={variant}
      {...(component ? { component } : {})}
      noWrap={noWrap}
      role={error ? 'alert' : undefined}
      sx={[
        { color: error ? 'error.main' : 'text.secondary' },
        // MUI: a caller's sx may be one style or a list of them.
        ...((Array.isArray(sx) ? sx : [sx]) as Extract<SxProps<Theme>, readonly unknown[]>),
      ]}
    >
      {error ?? choice?.file.name ?? hint}
    </Typography>
  );
}
