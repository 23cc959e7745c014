import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DashboardTabStrip } from './dashboard-tab-strip';

const TABS = ['Home', 'Browse', 'Liked Songs', 'Apps'] as const;
type Name = (typeof TABS)[number];

function Strip({ onApproach = () => undefined }: { onApproach?: (tab: Name) => void }) {
  const [value, setValue] = useState<Name>('Browse');
  return (
    <>
      <button type="button">Before</button>
      <DashboardTabStrip
        label="Sections"
        tabs={TABS}
        value={value}
        tabId={(tab) => `tab-${tab}`}
        onChange={setValue}
        onApproach={onApproach}
      />
      <button type="button">After</button>
    </>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('The dashboard’s tab strip', () => {
  it('is a labelled tablist whose chosen tab is selected and the one tab stop', () => {
    render(<Strip />);
    expect(screen.getByRole('tablist', { name: 'Sections' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((element) => element.textContent)).toEqual([...TABS]);
    expect(tab('Browse')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Home')).toHaveAttribute('aria-selected', 'false');
    expect(screen.getAllByRole('tab').map((element) => element.tabIndex)).toEqual([-1, 0, -1, -1]);
  });

  it('moves the focus with the arrow keys, wrapping at the ends, and to the ends with Home and End', async () => {
    const user = userEvent.setup();
    render(<Strip />);
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    expect(tab('Browse')).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(tab('Liked Songs')).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(tab('Home')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('Apps')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab('Home')).toHaveFocus();
    await user.keyboard('{End}');
    expect(tab('Apps')).toHaveFocus();
    // Moving the focus chooses nothing.
    expect(tab('Browse')).toHaveAttribute('aria-selected', 'true');
  });

  it('chooses the focused tab with Enter or Space', async () => {
    const user = userEvent.setup();
    render(<Strip />);
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    await user.keyboard('{ArrowRight}{Enter}');
    expect(tab('Liked Songs')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Browse')).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowLeft}{ArrowLeft} ');
    expect(tab('Home')).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps one tab stop: Tab leaves the strip, and comes back to the chosen tab', async () => {
    const user = userEvent.setup();
    render(<Strip />);
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(tab('Liked Songs')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(tab('Browse')).toHaveFocus();
  });

  it('tells which tab is approached, by pointer or focus, before it is chosen', async () => {
    const user = userEvent.setup();
    const approached = vi.fn();
    render(<Strip onApproach={approached} />);
    await user.hover(tab('Apps'));
    expect(approached).toHaveBeenLastCalledWith('Apps');
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    expect(approached).toHaveBeenLastCalledWith('Browse');
  });
});
