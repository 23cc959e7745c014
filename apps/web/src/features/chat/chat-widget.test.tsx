import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { requestsTo } from '@/test/mock-api/routes';
import { breakRoute, failRoute, holdRoute } from '@/test/mock-api/server';
import { seed } from '@/test/mock-api/store';
import { renderApp } from '@/test/render-app';

type User = ReturnType<typeof renderApp>['user'];

const DEFAULTS = [
  'How do I create a playlist?',
  'Can I listen offline?',
  'What subscription plans are available?',
  'How can I see song lyrics?',
];

/** The assistant's next answer. */
function willAnswer(reply: string, suggestions: string[] = ['Next question?']) {
  seed.chatReplies({ reply, suggestions });
}

/** The bodies of the questions sent so far. */
function questionsSent() {
  return requestsTo('POST /api/chat').map((request) => request.body);
}

function panel() {
  return within(screen.getByRole('dialog', { name: 'Cadenza Assistant' }));
}
function input() {
  return panel().getByRole('textbox', { name: 'Your question' });
}
function chips() {
  return within(panel().getByRole('group', { name: 'Suggested questions' }))
    .getAllByRole('button')
    .map((chip) => chip.getAttribute('aria-label'));
}
async function openChat(user: User) {
  await user.click(screen.getByRole('button', { name: /^Open chat/ }));
  return panel();
}
async function ask(user: User, text: string) {
  await user.click(input());
  await user.paste(text);
  await user.keyboard('{Enter}');
}

describe('Chat widget', { timeout: 15_000 }, () => {
  it('opens with a greeting and the four default suggestions, and focuses the input', async () => {
    const { user } = renderApp('/under-development');
    await openChat(user);
    expect(panel().getByText(/I'm the Cadenza assistant/)).toBeInTheDocument();
    expect(chips()).toEqual(DEFAULTS);
    await waitFor(() => expect(input()).toHaveFocus());
    await user.click(panel().getByRole('button', { name: 'Close chat' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('never sends a blank or whitespace question', async () => {
    willAnswer('Hi');
    const { user } = renderApp('/under-development');
    await openChat(user);
    expect(panel().getByRole('button', { name: 'Send message' })).toBeDisabled();
    await user.type(input(), '   ');
    expect(panel().getByRole('button', { name: 'Send message' })).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(questionsSent()).toHaveLength(0);
    expect(panel().queryAllByTestId('chat-message-user')).toHaveLength(0);
  });

  it('sends on Enter with the history, shows the reply and replaces the suggestions', async () => {
    willAnswer('Open the Playlists tab and press Create.', [
      'How do I add songs?',
      'Can I share a playlist?',
    ]);
    const { user } = renderApp('/under-development');
    await openChat(user);
    await ask(user, '  How do I create a playlist?  ');

    expect(
      await panel().findByText('Open the Playlists tab and press Create.'),
    ).toBeInTheDocument();
    expect(
      within(panel().getByTestId('chat-message-user')).getByText(/How do I create a playlist\?/),
    ).toBeInTheDocument();
    expect(input()).toHaveValue('');
    expect(questionsSent()[0]).toEqual({
      question: 'How do I create a playlist?',
      history: [{ type: 'bot', content: expect.stringContaining("I'm the Cadenza assistant") }],
    });
    expect(chips()).toEqual(['How do I add songs?', 'Can I share a playlist?']);
  });

  it('sends only the last 6 messages as history', async () => {
    for (const turn of [1, 2, 3, 4]) willAnswer(`Answer ${turn}`, []);
    const { user } = renderApp('/under-development');
    await openChat(user);
    for (const question of ['Q1', 'Q2', 'Q3', 'Q4']) {
      await ask(user, question);
      await panel().findByText(`Answer ${question.slice(1)}`);
    }
    const last = questionsSent()[3] as { question: string; history: unknown[] };
    expect(last.question).toBe('Q4');
    // Before Q4 there were seven messages (greeting, Q1, A1, Q2, A2, Q3, A3): the last six go.
    expect(last.history).toEqual([
      { type: 'user', content: 'Q1' },
      { type: 'bot', content: 'Answer 1' },
      { type: 'user', content: 'Q2' },
      { type: 'bot', content: 'Answer 2' },
      { type: 'user', content: 'Q3' },
      { type: 'bot', content: 'Answer 3' },
    ]);
    // No suggestions in the answer: the defaults come back.
    expect(chips()).toEqual(DEFAULTS);
  });

  it('disables sending and shows the typing indicator while waiting for a reply', async () => {
    const pending = holdRoute('POST /api/chat');
    willAnswer('Done');
    const { user } = renderApp('/under-development');
    await openChat(user);
    await ask(user, 'First');
    expect(panel().getByRole('status', { name: 'Assistant is typing' })).toBeInTheDocument();
    await user.paste('Second');
    expect(panel().getByRole('button', { name: 'Send message' })).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(questionsSent()).toHaveLength(1);

    await act(async () => pending.release());
    expect(await panel().findByText('Done')).toBeInTheDocument();
    expect(panel().queryByRole('status', { name: 'Assistant is typing' })).not.toBeInTheDocument();
    expect(panel().getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  it('on a non-OK reply shows the error message and the red notice, and resets the suggestions', async () => {
    willAnswer('Sure.', ['Other question?']);
    const { user } = renderApp('/under-development');
    await openChat(user);
    await ask(user, 'Hello');
    await panel().findByText('Sure.');
    expect(chips()).toEqual(['Other question?']);

    failRoute('POST /api/chat', 502, 'Provider down');
    await ask(user, 'Again');
    const error = await panel().findByText(
      "I'm having trouble connecting right now. Please try again in a moment.",
    );
    expect(error.closest('[data-testid="chat-message-bot"]')).toHaveAttribute('data-error', 'true');
    expect(panel().getByRole('alert')).toHaveTextContent(
      "Sorry, I'm having trouble connecting to my knowledge base. Please try again later.",
    );
    expect(chips()).toEqual(DEFAULTS);
  });

  it('on any other failure shows the generic notice', async () => {
    breakRoute('POST /api/chat');
    const { user } = renderApp('/under-development');
    await openChat(user);
    await ask(user, 'Hello');
    expect(await panel().findByRole('alert')).toHaveTextContent(
      'Sorry, something went wrong. Please try again.',
    );
    expect(chips()).toEqual(DEFAULTS);
  });

  it('a suggestion chip can be dismissed, or pressed to ask it', async () => {
    willAnswer('Yes, with Premium.');
    const { user } = renderApp('/under-development');
    await openChat(user);
    await user.click(panel().getByTitle('Dismiss suggestion: How can I see song lyrics?'));
    expect(chips()).toEqual(DEFAULTS.slice(0, 3));

    await user.click(panel().getByRole('button', { name: 'Can I listen offline?' }));
    expect(await panel().findByText('Yes, with Premium.')).toBeInTheDocument();
    expect(questionsSent()[0]).toMatchObject({ question: 'Can I listen offline?' });
  });

  it('counts a reply that arrives while closed as unread, and opening clears the badge', async () => {
    const pending = holdRoute('POST /api/chat');
    willAnswer('I am here.');
    const { user } = renderApp('/under-development');
    await openChat(user);
    await ask(user, 'Are you there?');
    await user.click(panel().getByRole('button', { name: 'Close chat' }));
    expect(screen.getByRole('button', { name: 'Open chat' })).toBeInTheDocument();

    await act(async () => pending.release());
    expect(
      await screen.findByRole('button', { name: 'Open chat, 1 unread message' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Open chat/ }));
    expect(await panel().findByText('I am here.')).toBeInTheDocument();
    await user.click(panel().getByRole('button', { name: 'Close chat' }));
    expect(screen.getByRole('button', { name: 'Open chat' })).toBeInTheDocument();
  });

  it('shows no badge before the user has chatted', () => {
    renderApp('/under-development');
    expect(screen.getByRole('button', { name: 'Open chat' })).toBeInTheDocument();
  });
});

describe("the chat's place", () => {
  it('is in the header: no band of its own is reserved at the bottom', async () => {
    renderApp('/under-development');
    const button = await screen.findByRole('button', { name: 'Open chat' });
    expect(screen.getByRole('banner')).toContainElement(button);
    expect(document.querySelector('[data-testid="chat-lane"]')).toBeNull();
    expect(document.documentElement.style.getPropertyValue('--cadenza-chat-lane')).toBe('');
  });
});
