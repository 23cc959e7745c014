import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seed } from '@/test/mock-api/store';
import { renderApp } from '@/test/render-app';

function breadcrumb() {
  return within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
}

describe('Privacy Policy', () => {
  it('has its breadcrumb, date, every section and the configured support e-mail', async () => {
    seed.config({ supportEmail: 'privacy@music.example' });
    renderApp('/privacy-policy');
    expect(breadcrumb().getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(breadcrumb().getByText('Privacy Policy')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Last updated May 24, 2025')).toBeInTheDocument();
    for (const heading of [
      '1. Information We Collect',
      'Personal information',
      'Usage information',
      'Device information',
      'Cookies and local storage',
      '2. How We Use Your Information',
      '3. Your Rights and Choices',
      'Account information',
      'Cookies and browser storage',
      'Data retention',
      'Data security',
      'Changes to this policy',
      '4. Contact Us',
    ]) {
      expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    }
    expect(await screen.findByRole('link', { name: 'privacy@music.example' })).toHaveAttribute(
      'href',
      'mailto:privacy@music.example',
    );
  });
});

describe('Terms of Service', () => {
  it('has its breadcrumb, date, sections, the age and renewal rules, and the e-mail', async () => {
    renderApp('/terms-of-service');
    expect(breadcrumb().getByText('Terms of Service')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Last updated May 24, 2025')).toBeInTheDocument();
    for (const heading of [
      '1. Agreement to Terms',
      '2. User Accounts',
      '3. User Content',
      '4. Subscriptions',
      '5. Prohibited Activities',
      '6. Intellectual Property',
      '8. Contact Us',
    ]) {
      expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    }
    expect(screen.getByText(/at least 13 years old/)).toBeInTheDocument();
    expect(
      screen.getByText(/unless you cancel at least 24 hours before the current period ends/),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'support@cadenza.local' })).toBeInTheDocument();
  });

  it('keeps the other terms in expandable items', async () => {
    const { user } = renderApp('/terms-of-service');
    const names = [
      'Termination',
      'Disclaimer of Warranties',
      'Limitation of Liability',
      'Changes to Terms',
      'Governing Law',
    ];
    for (const name of names) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-expanded', 'false');
    }
    await user.click(screen.getByRole('button', { name: 'Governing Law' }));
    expect(screen.getByRole('button', { name: 'Governing Law' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByText(/These Terms are governed by the laws/)).toBeVisible();
  });
});
