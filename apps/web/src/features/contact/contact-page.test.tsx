import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestsTo } from '@/test/mock-api/routes';
import { failRoute, holdRoute } from '@/test/mock-api/server';
import { seed, store } from '@/test/mock-api/store';
import { renderApp } from '@/test/render-app';

type User = ReturnType<typeof renderApp>['user'];

/** The bodies of the messages sent so far. */
function messagesSent() {
  return requestsTo('POST /api/support/contact').map((request) => request.body);
}

function contactForm() {
  return within(screen.getByRole('form', { name: 'Contact' }));
}

async function enter(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function fillForm(user: User) {
  const form = contactForm();
  await enter(user, form.getByLabelText(/Your Name/), 'Ada Listener');
  await enter(user, form.getByLabelText(/Email Address/), 'ada@example.com');
  await enter(user, form.getByLabelText(/Subject/), 'Playback');
  await user.click(form.getByRole('combobox', { name: /Issue Type/ }));
  await user.click(await screen.findByRole('option', { name: 'Playback & Streaming' }));
  await enter(user, form.getByLabelText(/Message/), 'The song stops after a minute.');
}

describe('Contact page', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the breadcrumb, the configured contact cards and the legal links', async () => {
    seed.config({
      supportEmail: 'help@cadenza.example',
      supportPhone: '+1 555 0100',
      supportAddress: '1 Music Way, Springfield',
    });
    renderApp('/contact');
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(breadcrumb).getByText('Contact')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'help@cadenza.example' })).toHaveAttribute(
      'href',
      'mailto:help@cadenza.example',
    );
    expect(screen.getByRole('link', { name: '+1 555 0100' })).toBeInTheDocument();
    expect(screen.getByText('1 Music Way, Springfield')).toBeInTheDocument();
    expect(screen.getByText('Monday to Friday 9am-5pm EST')).toBeInTheDocument();
    expect(screen.getByText(/within 24 hours/)).toBeInTheDocument();
    expect(contactForm().getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(contactForm().getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms-of-service',
    );
  });

  it('hides the phone and address when they are not configured', async () => {
    renderApp('/contact');
    expect(await screen.findByRole('link', { name: 'support@cadenza.local' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Phone' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Address' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Support Hours' })).toBeInTheDocument();
  });

  it('shows every required-field message and the whole-form toast, and sends nothing', async () => {
    const { user } = renderApp('/contact');
    await user.click(contactForm().getByRole('button', { name: 'Send Message' }));

    expect(await contactForm().findByText('Name is required')).toBeInTheDocument();
    expect(contactForm().getByText('Email is required')).toBeInTheDocument();
    expect(contactForm().getByText('Please select an issue type')).toBeInTheDocument();
    expect(contactForm().getByText('Message is required')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please correct the errors in the form.',
    );
    expect(messagesSent()).toHaveLength(0);
  });

  it('shows the whole-form toast once however often it is sent invalid, and drops it on success', async () => {
    const { user } = renderApp('/contact');
    await user.click(contactForm().getByRole('button', { name: 'Send Message' }));
    await screen.findByText('Please correct the errors in the form.');
    await user.click(contactForm().getByRole('button', { name: 'Send Message' }));
    await user.click(contactForm().getByRole('button', { name: 'Send Message' }));
    await waitFor(() =>
      expect(screen.getAllByText('Please correct the errors in the form.')).toHaveLength(1),
    );

    await fillForm(user);
    await user.click(contactForm().getByRole('button', { name: 'Send Message' }));
    expect(
      await screen.findByText("Your message has been sent! We'll get back to you soon."),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText('Please correct the errors in the form.')).not.toBeInTheDocument(),
    );
  });

  it('rejects a malformed e-mail and clears a field error when that field is edited', async () => {
    const { user } = renderApp('/contact');
    await enter(user, contactForm().getByLabelText(/Email Address/), 'ada@example');
    await user.click(contactForm().getByRole('button', { name: 'Send Message' }));
    expect(
      await contactForm().findByText('Please enter a valid email address'),
    ).toBeInTheDocument();

    await user.type(contactForm().getByLabelText(/Your Name/), 'A');
    expect(contactForm().queryByText('Name is required')).not.toBeInTheDocument();
    expect(contactForm().getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(contactForm().getByText('Message is required')).toBeInTheDocument();

    await user.click(contactForm().getByRole('combobox', { name: /Issue Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Report a Bug' }));
    expect(contactForm().queryByText('Please select an issue type')).not.toBeInTheDocument();
  });

  it('lists the six issue types of the contract', async () => {
    const { user } = renderApp('/contact');
    await user.click(contactForm().getByRole('combobox', { name: /Issue Type/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Account & Login',
      'Billing & Subscription',
      'Playback & Streaming',
      'Feature Request',
      'Report a Bug',
      'Other',
    ]);
  });

  it('shows Sending... on a disabled button while the message is on its way', async () => {
    const pending = holdRoute('POST /api/support/contact');
    const { user } = renderApp('/contact');
    await fillForm(user);
    await user.click(contactForm().getByRole('button', { name: 'Send Message' }));
    const sending = await contactForm().findByRole('button', { name: 'Sending...' });
    expect(sending).toBeDisabled();
    await act(async () => pending.release());
    expect(await contactForm().findByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it('sends the message with its date and issue type label, clears the form and says so', async () => {
    const { user } = renderApp('/contact');
    await fillForm(user);
    await user.click(contactForm().getByRole('button', { name: 'Send Message' }));

    expect(
      await screen.findByText("Your message has been sent! We'll get back to you soon."),
    ).toBeInTheDocument();
    const [body] = messagesSent() as Record<string, string>[];
    expect(body).toMatchObject({
      name: 'Ada Listener',
      email: 'ada@example.com',
      subject: 'Playback',
      issueType: 'playback',
      issueTypeLabel: 'Playback & Streaming',
      message: 'The song stops after a minute.',
    });
    expect(new Date(body?.date ?? '').toISOString()).toBe(body?.date);
    expect(store.contactMessages).toMatchObject([
      { name: 'Ada Listener', issueType: 'playback', subject: 'Playback' },
    ]);
    expect(contactForm().getByLabelText(/Your Name/)).toHaveValue('');
    expect(contactForm().getByLabelText(/Message/)).toHaveValue('');
  });

  it('leaves out a blank subject', async () => {
    const { user } = renderApp('/contact');
    await fillForm(user);
    await user.clear(contactForm().getByLabelText(/Subject/));
    await user.click(contactForm().getByRole('button', { name: 'Send Message' }));
    await screen.findByText("Your message has been sent! We'll get back to you soon.");
    expect(messagesSent()[0]).not.toHaveProperty('subject');
  });

  it('shows the failure toast and keeps what was typed', async () => {
    failRoute('POST /api/support/contact', 500, 'Boom');
    const { user } = renderApp('/contact');
    await fillForm(user);
    await user.click(contactForm().getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to send message. Please try again later.',
    );
    expect(contactForm().getByLabelText(/Your Name/)).toHaveValue('Ada Listener');
  });

  it('hides its toast after 6 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderApp('/contact');
    await user.click(contactForm().getByRole('button', { name: 'Send Message' }));
    await screen.findByText('Please correct the errors in the form.');
    act(() => {
      vi.advanceTimersByTime(5500);
    });
    expect(screen.getByText('Please correct the errors in the form.')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    await waitFor(() =>
      expect(screen.queryByText('Please correct the errors in the form.')).not.toBeInTheDocument(),
    );
  });

  it('clears the form and its errors with Clear Form', async () => {
    const { user } = renderApp('/contact');
    await user.click(contactForm().getByRole('button', { name: 'Send Message' }));
    await contactForm().findByText('Name is required');
    await user.type(contactForm().getByLabelText(/Your Name/), 'Ada');
    await user.click(contactForm().getByRole('button', { name: 'Clear Form' }));
    expect(contactForm().getByLabelText(/Your Name/)).toHaveValue('');
    expect(contactForm().queryByText('Message is required')).not.toBeInTheDocument();
  });
});
