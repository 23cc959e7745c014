import { HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { palettes } from '@/lib/design-tokens';
import { chooseTheme, THEME_KEY } from '@/lib/theme-choice';
import { makeUser } from '@/test/mock-api/factories';
import { answer } from '@/test/mock-api/server';
import { logIn, renderApp } from '@/test/render-app';

afterEach(() => chooseTheme('dark'));

describe('the appearance section of the account page', { timeout: 20_000 }, () => {
  it('switches to the light theme at once and keeps it on this device', async () => {
    answer('GET /api/user/account/sessions', () => HttpResponse.json({ success: true, data: [] }));
    logIn(makeUser());
    const { user } = renderApp('/account');
    const section = await screen.findByRole('region', { name: 'Appearance' });
    const themes = within(section).getByRole('radiogroup', { name: 'Theme' });
    expect(within(themes).getByRole('radio', { name: 'Dark' })).toBeChecked();
    await user.click(within(themes).getByRole('radio', { name: 'Light' }));
    expect(within(themes).getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(localStorage.getItem(THEME_KEY)).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    // The MUI screens follow: the section's card is painted on the light paper.
    expect(getComputedStyle(section).backgroundColor).toBe('rgb(255, 255, 255)');
    expect(palettes.light.paper).toBe('#ffffff');
  });

  it('offers to follow the system', async () => {
    answer('GET /api/user/account/sessions', () => HttpResponse.json({ success: true, data: [] }));
    logIn(makeUser());
    const { user } = renderApp('/account');
    const section = await screen.findByRole('region', { name: 'Appearance' });
    await user.click(within(section).getByRole('radio', { name: 'Follow the system' }));
    expect(localStorage.getItem(THEME_KEY)).toBe('system');
  });
});
