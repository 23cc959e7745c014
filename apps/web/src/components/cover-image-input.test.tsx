import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COVER_IMAGE_HINT,
  COVER_NOT_IMAGE_MESSAGE,
  CoverImageCaption,
  CoverImageInput,
  useCoverImageChoice,
} from './cover-image-input';

function CoverChooser({ hint }: { hint?: string }) {
  const cover = useCoverImageChoice();
  return (
    <>
      <CoverImageInput onChange={cover.handleChange}>
        {cover.choice ? 'Change Cover' : 'Choose Cover'}
      </CoverImageInput>
      <CoverImageCaption cover={cover} hint={hint} variant="caption" component="p" />
    </>
  );
}

function choose(file: File) {
  fireEvent.change(screen.getByLabelText('Cover image'), { target: { files: [file] } });
}

describe('CoverImageCaption', () => {
  beforeEach(() => {
    // jsdom cannot make object URLs; the caption does not need a real preview.
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:cover', revokeObjectURL: vi.fn() }),
    );
  });

  it('shows the hint until a cover is chosen, then the chosen file’s name', () => {
    render(<CoverChooser />);
    expect(screen.getByText(COVER_IMAGE_HINT).tagName).toBe('P');
    choose(new File(['png'], 'sunset.png', { type: 'image/png' }));
    expect(screen.getByText('sunset.png')).toBeInTheDocument();
    expect(screen.queryByText(COVER_IMAGE_HINT)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('announces a refused file in place of the caption, until an image is chosen', () => {
    render(<CoverChooser hint="Current cover" />);
    expect(screen.getByText('Current cover')).toBeInTheDocument();
    choose(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert')).toHaveTextContent(COVER_NOT_IMAGE_MESSAGE);
    expect(screen.queryByText('Current cover')).not.toBeInTheDocument();
    choose(new File(['png'], 'cover.png', { type: 'image/png' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('cover.png')).toBeInTheDocument();
  });
});
