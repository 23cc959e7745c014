import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockSmallScreen, renderApp } from '@/test/render-app';

function footer() {
  return within(screen.getByRole('contentinfo'));
}

describe('Footer', () => {
  it('lists the explore, help and legal links and the copyright line', () => {
    renderApp('/under-development');
    const explore = within(footer().getByRole('region', { name: 'Explore' }));
    expect(explore.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(explore.getByRole('link', { name: 'Discover' })).toHaveAttribute('href', '/discover');
    expect(explore.getByRole('link', { name: 'Feedback' })).toHaveAttribute('href', '/feedback');
    const help = within(footer().getByRole('region', { name: 'Need Help?' }));
    expect(help.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    expect(footer().getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(footer().getByRole('link', { name: 'Terms of Use' })).toHaveAttribute(
      'href',
      '/terms-of-service',
    );
    expect(footer().getByText('© 2025 Cadenza. All rights reserved.')).toBeInTheDocument();
  });

  it('opens social links in a new tab without leaking the opener', () => {
    renderApp('/under-development');
    const expected = {
      'Cadenza on GitHub': 'https://github.com',
      'Cadenza on X': 'https://x.com',
      'Cadenza on Instagram': 'https://instagram.com',
    };
    for (const [name, href] of Object.entries(expected)) {
      const link = footer().getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('collapses its sections on small screens', async () => {
    mockSmallScreen();
    const { user } = renderApp('/under-development');
    const toggle = footer().getByRole('button', { name: 'Explore' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(footer().queryByRole('link', { name: 'Feedback' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(footer().getByRole('link', { name: 'Feedback' })).toBeVisible();
  });
});
