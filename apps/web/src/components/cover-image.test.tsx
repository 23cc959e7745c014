import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CoverImage, sizedCoverUrl } from './cover-image';

describe('CoverImage', () => {
  it('asks for the stored cover at its size and reserves a square box for it', () => {
    render(<CoverImage src="/media/images/abc" alt="Cover of Song" size={96} />);
    const image = screen.getByRole('img', { name: 'Cover of Song' });
    expect(image).toHaveAttribute('src', '/media/images/abc?size=96');
    expect(image).toHaveAttribute('width', '96');
    expect(image).toHaveAttribute('height', '96');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('fetchpriority', 'auto');
  });

  it('loads the priority cover at once and first', () => {
    render(<CoverImage src="/media/images/abc" alt="Hero" size={600} priority />);
    const image = screen.getByRole('img', { name: 'Hero' });
    expect(image).toHaveAttribute('src', '/media/images/abc?size=600');
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
  });

  it('loads an eager cover at once, at the usual priority', () => {
    render(<CoverImage src="/media/images/abc" alt="In view" size={300} eager />);
    const image = screen.getByRole('img', { name: 'In view' });
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'auto');
  });

  it('falls back to the default picture, as it is, when there is no cover or it fails', () => {
    const { rerender } = render(
      <CoverImage src={null} alt="Card" size={300} fallback="playlist" />,
    );
    expect(screen.getByRole('img', { name: 'Card' })).toHaveAttribute(
      'src',
      '/media/defaults/playlist.jpg',
    );
    rerender(<CoverImage src="/media/images/gone" alt="Card" size={300} fallback="playlist" />);
    const image = screen.getByRole('img', { name: 'Card' });
    expect(image).toHaveAttribute('src', '/media/images/gone?size=300');
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', '/media/defaults/playlist.jpg');
  });

  it('leaves URLs that are no stored cover alone', () => {
    expect(sizedCoverUrl('/media/defaults/song.jpg', 96)).toBe('/media/defaults/song.jpg');
    expect(sizedCoverUrl('blob:http://localhost/1', 300)).toBe('blob:http://localhost/1');
    expect(sizedCoverUrl('data:image/webp;base64,AAAA', 300)).toBe('data:image/webp;base64,AAAA');
    expect(sizedCoverUrl('/media/images/abc', 600)).toBe('/media/images/abc?size=600');
  });
});
