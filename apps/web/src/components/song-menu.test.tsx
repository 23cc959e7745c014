import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as MenuModule from '@mui/material/Menu';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SongMenu } from './song-menu';

const menuRenders = vi.hoisted(() => ({ count: 0 }));

vi.mock('@mui/material/Menu', async (importOriginal) => {
  const actual = await importOriginal<typeof MenuModule>();
  const RealMenu = actual.default;
  function CountedMenu(props: ComponentProps<typeof RealMenu>) {
    menuRenders.count += 1;
    return <RealMenu {...props} />;
  }
  return { ...actual, default: CountedMenu };
});

describe('SongMenu', () => {
  it('builds its menu the first time it opens, and runs the chosen action', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    menuRenders.count = 0;
    render(<SongMenu title="Blue Note" actions={[{ label: 'Add to Queue', onSelect }]} />);

    const button = screen.getByRole('button', { name: 'More options for Blue Note' });
    // A grid of cards each with a closed menu would render every card's popover for nothing.
    expect(menuRenders.count).toBe(0);
    expect(button).not.toHaveAttribute('aria-expanded');

    await user.click(button);
    expect(menuRenders.count).toBeGreaterThan(0);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('menuitem', { name: 'Add to Queue' }));
    expect(onSelect).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    await user.click(button);
    expect(await screen.findByRole('menuitem', { name: 'Add to Queue' })).toBeInTheDocument();
  });
});
