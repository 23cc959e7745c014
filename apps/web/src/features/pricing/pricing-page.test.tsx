import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seed } from '@/test/mock-api/store';
import { logIn, renderApp } from '@/test/render-app';
import { FuturePlansSection } from './components/future-plans-section';
import { SHOW_FUTURE_PLANS } from './pricing-page';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('Pricing page', () => {
  it('shows 0 days remaining once the default end date (2025-07-30) is past', async () => {
    seed.config({ earlyAccessEnd: '2025-07-30' });
    renderApp('/pricing');
    expect(await screen.findByRole('timer', { name: '0 days remaining' })).toHaveTextContent(
      '0days remaining',
    );
  });

  it('counts the days until the configured end', async () => {
    const end = new Date(Date.now() + 12 * DAY_MS).toISOString().slice(0, 10);
    seed.config({ earlyAccessEnd: end });
    renderApp('/pricing');
    // A part day counts as a whole one: 12 days ahead reads 12 (or 11 around midnight UTC).
    expect(
      await screen.findByRole('timer', { name: /^1[12] days remaining$/ }),
    ).toBeInTheDocument();
  });

  it('sends visitors to sign up and listeners to their dashboard; See Pricing is disabled', () => {
    const { unmount } = renderApp('/pricing');
    expect(screen.getByRole('link', { name: 'Get Free Premium' })).toHaveAttribute(
      'href',
      '/signup',
    );
    expect(screen.getByRole('button', { name: 'See Pricing' })).toBeDisabled();
    unmount();

    logIn();
    renderApp('/pricing');
    expect(screen.getByRole('link', { name: 'Get Free Premium' })).toHaveAttribute(
      'href',
      '/user/dashboard',
    );
  });

  it('lists the early-access benefits and four FAQs, one saying it ends in July 2025', async () => {
    const { user } = renderApp('/pricing');
    const benefits = screen.getByRole('region', { name: 'Everything included in early access' });
    expect(within(benefits).getAllByRole('listitem').length).toBeGreaterThanOrEqual(4);
    const faqs = screen.getByRole('region', { name: 'Frequently Asked Questions' });
    expect(within(faqs).getAllByRole('button')).toHaveLength(4);
    await user.click(within(faqs).getByRole('button', { name: 'When does early access end?' }));
    expect(within(faqs).getByText(/end of July 2025/)).toBeVisible();
  });

  it('keeps the future plans hidden behind their flag', () => {
    renderApp('/pricing');
    expect(SHOW_FUTURE_PLANS).toBe(false);
    expect(screen.queryByRole('heading', { name: 'Future Plans' })).not.toBeInTheDocument();
  });
});

describe('Future plans section (as it shows with its flag on)', () => {
  function plan(name: string) {
    return within(screen.getByRole('article', { name: `${name} plan` }));
  }

  it('starts yearly with the yearly prices, savings and annual totals', () => {
    render(<FuturePlansSection />);
    expect(screen.getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Save 20-25%')).toBeInTheDocument();

    expect(plan('Free').getByText('$0.00')).toBeInTheDocument();
    expect(plan('Premium').getByText('$9.99')).toBeInTheDocument();
    expect(plan('Premium').getByText('23% savings')).toBeInTheDocument();
    expect(plan('Premium').getByText('Billed annually at $119.88')).toBeInTheDocument();
    expect(plan('Family').getByText('$14.99')).toBeInTheDocument();
    expect(plan('Family').getByText('25% savings')).toBeInTheDocument();
    expect(plan('Family').getByText('Billed annually at $179.88')).toBeInTheDocument();
  });

  it('switches to the monthly prices without savings labels', async () => {
    const user = userEvent.setup();
    render(<FuturePlansSection />);
    await user.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(screen.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
    expect(plan('Premium').getByText('$12.99')).toBeInTheDocument();
    expect(plan('Family').getByText('$19.99')).toBeInTheDocument();
    expect(screen.queryByText('23% savings')).not.toBeInTheDocument();
    expect(screen.queryByText('25% savings')).not.toBeInTheDocument();
    expect(screen.queryByText(/Billed annually/)).not.toBeInTheDocument();
  });

  it('lists what each plan includes', () => {
    render(<FuturePlansSection />);
    for (const feature of [
      'Access to 100 songs',
      'Ad-supported listening',
      'Standard audio quality',
      'Up to 5 playlists',
      '6 skips per hour',
      'Offline listening',
    ]) {
      expect(plan('Free').getByText(feature)).toBeInTheDocument();
    }
    expect(plan('Free').getByTitle('Not included')).toBeInTheDocument();
    for (const feature of [
      'High quality audio (320kbps)',
      'Unlimited playlists',
      'Offline listening',
      'Song lyrics',
      'Listen across devices',
    ]) {
      expect(plan('Premium').getByText(feature)).toBeInTheDocument();
    }
    expect(plan('Family').getByText('Up to 6 accounts')).toBeInTheDocument();
    expect(plan('Family').getByText('For family members at the same address')).toBeInTheDocument();
  });
});
