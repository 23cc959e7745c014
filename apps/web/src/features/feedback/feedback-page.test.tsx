import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { failRoute } from '@/test/mock-api/server';
import { store } from '@/test/mock-api/store';
import { logIn, renderApp } from '@/test/render-app';

type User = ReturnType<typeof renderApp>['user'];

/** The bodies of the feedback sent so far. */
function feedbackSent() {
  return requestsTo('POST /api/support/feedback').map((request) => request.body);
}

function feedbackForm() {
  return within(screen.getByRole('form', { name: 'Feedback' }));
}

/**
 * Picks a star the way a keyboard or screen reader does. (A pointer click measures the stars'
 * layout, which jsdom does not have.)
 */
function rate(name: string) {
  fireEvent.click(feedbackForm().getByRole('radio', { name }));
}

async function answerRequired(user: User) {
  const form = feedbackForm();
  rate('4 Stars, Good');
  await user.click(form.getByRole('radio', { name: 'Easy' }));
  await user.click(form.getByRole('radio', { name: 'Very Likely' }));
}

describe('Feedback page', { timeout: 20_000 }, () => {
  it('offers the five ratings with their labels and the contract choices', () => {
    renderApp('/feedback');
    const form = feedbackForm();
    for (const name of [
      '1 Star, Poor',
      '2 Stars, Below Average',
      '3 Stars, Average',
      '4 Stars, Good',
      '5 Stars, Excellent',
    ]) {
      expect(form.getByRole('radio', { name })).toBeInTheDocument();
    }
    const usability = form.getByRole('radiogroup', { name: /How easy is Cadenza to use/ });
    expect(
      within(usability)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['very_easy', 'easy', 'neutral', 'difficult', 'very_difficult']);
    const recommend = form.getByRole('radiogroup', { name: /recommend Cadenza/ });
    expect(
      within(recommend)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['very_likely', 'likely', 'neutral', 'unlikely', 'very_unlikely']);
  });

  it('shows the rating label of the chosen star', () => {
    renderApp('/feedback');
    rate('2 Stars, Below Average');
    expect(feedbackForm().getByText('Below Average')).toBeInTheDocument();
  });

  it('asks for the required answers with the whole-form toast, and clears each on an answer', async () => {
    const { user } = renderApp('/feedback');
    await user.click(feedbackForm().getByRole('button', { name: 'Submit Feedback' }));

    expect(await feedbackForm().findByText('Please provide an overall rating')).toBeInTheDocument();
    expect(feedbackForm().getAllByText('Please select an option')).toHaveLength(2);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please complete all required fields.',
    );
    expect(feedbackSent()).toHaveLength(0);

    rate('5 Stars, Excellent');
    expect(feedbackForm().queryByText('Please provide an overall rating')).not.toBeInTheDocument();
    const usability = feedbackForm().getByRole('radiogroup', { name: /How easy/ });
    await user.click(within(usability).getByRole('radio', { name: 'Neutral' }));
    expect(feedbackForm().getAllByText('Please select an option')).toHaveLength(1);
  });

  it('sends the answers with their labels, the date and Anonymous User, then thanks', async () => {
    const { user } = renderApp('/feedback');
    await answerRequired(user);
    await user.click(feedbackForm().getByLabelText(/What do you like most/));
    await user.paste('The player');
    await user.click(feedbackForm().getByRole('button', { name: 'Submit Feedback' }));

    expect(
      await screen.findByText('Thank you! Your feedback has been submitted successfully.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Feedback' })).not.toBeInTheDocument();
    const [body] = feedbackSent() as Record<string, unknown>[];
    expect(body).toMatchObject({
      rating: 4,
      ratingText: 'Good',
      usability: 'easy',
      usabilityText: 'Easy',
      recommend: 'very_likely',
      recommendText: 'Very Likely',
      liked: 'The player',
      improvements: '',
      additionalFeedback: '',
      user: 'Anonymous User',
    });
    expect(typeof body?.date).toBe('string');
    expect(new Date(body?.date as string).toISOString()).toBe(body?.date);
    expect(store.feedback).toMatchObject([
      { rating: 4, liked: 'The player', user: 'Anonymous User' },
    ]);
  });

  it('shows the whole-form toast once however often it is sent incomplete, and drops it on success', async () => {
    const { user } = renderApp('/feedback');
    await user.click(feedbackForm().getByRole('button', { name: 'Submit Feedback' }));
    await screen.findByText('Please complete all required fields.');
    await user.click(feedbackForm().getByRole('button', { name: 'Submit Feedback' }));
    await user.click(feedbackForm().getByRole('button', { name: 'Submit Feedback' }));
    await waitFor(() =>
      expect(screen.getAllByText('Please complete all required fields.')).toHaveLength(1),
    );

    await answerRequired(user);
    await user.click(feedbackForm().getByRole('button', { name: 'Submit Feedback' }));
    await screen.findByText('Thank you! Your feedback has been submitted successfully.');
    await waitFor(() =>
      expect(screen.queryByText('Please complete all required fields.')).not.toBeInTheDocument(),
    );
  });

  it('brings the thank-you into view and moves focus to it', async () => {
    const { user } = renderApp('/feedback');
    await answerRequired(user);
    vi.mocked(window.scrollTo).mockClear();
    await user.click(feedbackForm().getByRole('button', { name: 'Submit Feedback' }));

    const heading = await screen.findByText(
      'Thank you! Your feedback has been submitted successfully.',
    );
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect(heading).toHaveFocus();
  });

  it("sends the logged-in listener's name", async () => {
    logIn(makeUser({ name: 'Grace Listener' }));
    const { user } = renderApp('/feedback');
    await answerRequired(user);
    await user.click(feedbackForm().getByRole('button', { name: 'Submit Feedback' }));
    await screen.findByText('Thank you! Your feedback has been submitted successfully.');
    expect(feedbackSent()[0]).toMatchObject({ user: 'Grace Listener' });
  });

  it('Submit Another Response brings back an empty form', async () => {
    const { user } = renderApp('/feedback');
    await answerRequired(user);
    await user.click(feedbackForm().getByRole('button', { name: 'Submit Feedback' }));
    await user.click(await screen.findByRole('button', { name: 'Submit Another Response' }));

    const form = feedbackForm();
    expect(form.getByRole('radio', { name: '4 Stars, Good' })).not.toBeChecked();
    expect(form.getByRole('radio', { name: 'Easy' })).not.toBeChecked();
    expect(form.getByRole('radio', { name: 'Very Likely' })).not.toBeChecked();
  });

  it('shows the failure toast and keeps the answers', async () => {
    failRoute('POST /api/support/feedback', 500, 'Boom');
    const { user } = renderApp('/feedback');
    await answerRequired(user);
    await user.click(feedbackForm().getByRole('button', { name: 'Submit Feedback' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to submit feedback. Please try again.',
    );
    expect(feedbackForm().getByRole('radio', { name: 'Easy' })).toBeChecked();
  });
});
