import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CHAT_SUGGESTIONS,
  MAX_CHAT_SUGGESTIONS,
  SUGGESTION_LENGTH_LIMIT,
  type ChatRequest,
} from '@cadenza/contract/chat';
import type { HelpFacts } from './help-facts';
import { knowledgeBase } from './knowledge-base';
import { bestEntry } from './knowledge-match';

const facts: HelpFacts = {
  supportEmail: 'support@cadenza.local',
  earlyAccessEnd: '2025-07-30',
  uploadMaxMb: 200,
  today: new Date('2025-07-20T12:00:00Z'),
};
const entries = knowledgeBase(facts);

function topicOf(question: string, history: ChatRequest['history'] = []): string | null {
  return bestEntry(entries, { question, history })?.topic ?? null;
}

describe('the help knowledge base', () => {
  it('covers every topic the help assistant must know', () => {
    expect(entries.length).toBeGreaterThanOrEqual(15);
    expect(entries.length).toBeLessThanOrEqual(25);
    const topics = entries.map((entry) => entry.topic);
    for (const topic of [
      'create-playlist',
      'likes',
      'library',
      'search',
      'download',
      'offline',
      'plans',
      'early-access',
      'lyrics',
      'sign-up',
      'password-reset',
      'contact',
      'upload',
    ]) {
      expect(topics).toContain(topic);
    }
    expect(new Set(topics).size).toBe(topics.length);
  });

  it.each([
    ['How do I create a playlist?', 'create-playlist'],
    ['Can I listen offline?', 'offline'],
    ['What subscription plans are available?', 'plans'],
    ['How can I see song lyrics?', 'lyrics'],
  ])('answers the default question %j from the topic %s', (question, topic) => {
    expect(DEFAULT_CHAT_SUGGESTIONS).toContain(question);
    expect(topicOf(question)).toBe(topic);
  });

  it.each([
    ['how do i LIKE a song', 'likes'],
    ['Where are my liked songs?', 'likes'],
    ['How do I save a song to my library?', 'library'],
    ['remove from library', 'library'],
    ['How do I remove a song from a playlist?', 'manage-playlist'],
    ['How can I find songs by an artist?', 'search'],
    ['Can I download music?', 'download'],
    ['When does early access end?', 'early-access'],
    ['How much does Premium cost?', 'plans'],
    ['I forgot my password', 'password-reset'],
    ['How do I sign up?', 'sign-up'],
    ['How do I log out?', 'log-in-out'],
    ['How can I delete my account?', 'account-details'],
    ['What are your support hours?', 'contact'],
    ['How do admins upload songs?', 'upload'],
    ['How do I add songs to a playlist?', 'manage-playlist'],
    ['How do I add a song to my playlist?', 'manage-playlist'],
    ['How can an admin add new songs?', 'upload'],
    ["My song won't play", 'playback-trouble'],
    ['How does shuffle work?', 'player'],
    ['Is there an iPhone app?', 'devices'],
    ['What is Cadenza?', 'about'],
    ['Hello!', 'greeting'],
  ])('matches %j to %s', (question, topic) => {
    expect(topicOf(question)).toBe(topic);
  });

  it('reads the previous question for a follow-up that only says what to do', () => {
    const history: ChatRequest['history'] = [
      { type: 'user', content: 'How do I create a playlist?' },
      { type: 'bot', content: 'Open the Playlists tab and press Create First Playlist.' },
    ];
    expect(topicOf('And how do I delete it?', history)).toBe('manage-playlist');
    expect(topicOf('And what about lyrics?', history)).toBe('lyrics');
  });

  it('matches nothing when no keyword is in the question', () => {
    expect(topicOf('What is the capital of Peru?')).toBeNull();
    expect(topicOf('?!')).toBeNull();
  });

  it('offers at most three short follow-ups per topic, each answered by another topic', () => {
    for (const entry of entries) {
      expect(entry.followUps.length).toBeGreaterThan(0);
      expect(entry.followUps.length).toBeLessThanOrEqual(MAX_CHAT_SUGGESTIONS);
      for (const followUp of entry.followUps) {
        expect(followUp.length).toBeLessThan(SUGGESTION_LENGTH_LIMIT);
        const answeredBy = topicOf(followUp);
        expect(answeredBy, `"${followUp}" of ${entry.topic}`).not.toBeNull();
        expect(answeredBy, `"${followUp}" of ${entry.topic}`).not.toBe(entry.topic);
      }
    }
  });

  it('states the configured early-access end and the days left, or that it has ended', () => {
    const plans = (today: Date) =>
      knowledgeBase({ ...facts, today }).find((entry) => entry.topic === 'plans')?.answer;
    expect(plans(new Date('2025-07-20T08:00:00Z'))).toContain(
      'free until July 30, 2025 (10 days left)',
    );
    expect(plans(new Date('2025-07-30T23:00:00Z'))).toContain('today is the last day');
    expect(plans(new Date('2026-01-01T00:00:00Z'))).toContain('ended on July 30, 2025');
  });
});
