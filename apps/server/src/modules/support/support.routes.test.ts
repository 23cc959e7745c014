import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, type CreatedUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: CreatedUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(() => t.close());

const contact = {
  name: 'Dana Scully',
  email: 'Dana@Example.com',
  subject: 'Cannot play a song',
  message: 'The song "Sunrise" stops after ten seconds.',
  issueType: 'playback',
  date: '2025-06-01T10:00:00.000Z',
  issueTypeLabel: 'something the browser made up',
};

const feedback = {
  rating: 4,
  usability: 'easy',
  liked: 'The player',
  improvements: 'More genres',
  recommend: 'very_likely',
  additionalFeedback: 'Keep going!',
  date: '2025-06-01T10:00:00.000Z',
  ratingText: 'ignored',
  usabilityText: 'ignored',
  recommendText: 'ignored',
  user: 'Fox Mulder',
};

function post(url: string, payload: unknown) {
  return t.app.inject({ method: 'POST', url, payload: payload as object });
}

async function inbox(path: 'messages' | 'feedback') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/${path}`,
    headers: admin.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as Record<string, unknown>[];
}

describe('POST /api/support/contact', () => {
  it('stores the message with the label derived from its type', async () => {
    const res = await post('/api/support/contact', contact);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      message: "Your message has been sent! We'll get back to you soon.",
    });
    expect((await inbox('messages'))[0]).toEqual({
      _id: expect.any(String),
      name: 'Dana Scully',
      email: 'dana@example.com',
      subject: 'Cannot play a song',
      message: 'The song "Sunrise" stops after ten seconds.',
      issueType: 'playback',
      issueTypeLabel: 'Playback & Streaming',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('accepts a message without subject or extras and trims what it keeps', async () => {
    const res = await post('/api/support/contact', {
      name: '  Walter  ',
      email: 'walter@example.com',
      subject: '   ',
      message: '  Hello  ',
      issueType: 'bug',
    });
    expect(res.statusCode).toBe(201);
    expect((await inbox('messages'))[0]).toMatchObject({
      name: 'Walter',
      subject: null,
      message: 'Hello',
      issueTypeLabel: 'Report a Bug',
    });
  });

  it.each([
    ['account', 'Account & Login'],
    ['billing', 'Billing & Subscription'],
    ['feature', 'Feature Request'],
    ['other', 'Other'],
  ])('labels the issue type %s as %s', async (issueType, label) => {
    expect((await post('/api/support/contact', { ...contact, issueType })).statusCode).toBe(201);
    expect((await inbox('messages'))[0]).toMatchObject({ issueType, issueTypeLabel: label });
  });

  it.each([
    [{ name: '' }, 'name', 'Name is required'],
    [{ name: '   ' }, 'name', 'Name is required'],
    [{ name: undefined }, 'name', 'Name is required'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: undefined }, 'email', 'Email is required'],
    [{ email: 'dana@example' }, 'email', 'Please enter a valid email address'],
    [{ message: '' }, 'message', 'Message is required'],
    [{ message: ' \n ' }, 'message', 'Message is required'],
    [{ message: 'x'.repeat(5001) }, 'message', 'Message must be at most 5000 characters'],
    [{ subject: 'x'.repeat(201) }, 'subject', 'Subject must be at most 200 characters'],
    [{ issueType: '' }, 'issueType', 'Please select an issue type'],
    [{ issueType: undefined }, 'issueType', 'Please select an issue type'],
    [{ issueType: 'refund' }, 'issueType', 'Please select an issue type'],
  ])('answers 400 to %j', async (change, field, message) => {
    const before = (await inbox('messages')).length;
    const res = await post('/api/support/contact', { ...contact, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'invalid_input',
      message,
      errors: expect.arrayContaining([{ field, code: expect.any(String), message }]),
    });
    expect(await inbox('messages')).toHaveLength(before);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'invalid_json',
      message: 'The request body is not valid JSON.',
    });
  });
});

describe('POST /api/support/feedback', () => {
  it('stores the answers with labels derived from the values', async () => {
    const res = await post('/api/support/feedback', feedback);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      message: 'Thank you! Your feedback has been submitted successfully.',
    });
    expect((await inbox('feedback'))[0]).toEqual({
      _id: expect.any(String),
      rating: 4,
      ratingText: 'Good',
      usability: 'easy',
      usabilityText: 'Easy',
      liked: 'The player',
      improvements: 'More genres',
      recommend: 'very_likely',
      recommendText: 'Very Likely',
      additionalFeedback: 'Keep going!',
      user: 'Fox Mulder',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('calls the sender Anonymous User when no name comes with it, and keeps blanks empty', async () => {
    const res = await post('/api/support/feedback', {
      rating: 1,
      usability: 'very_difficult',
      recommend: 'very_unlikely',
      liked: '  ',
      user: '   ',
    });
    expect(res.statusCode).toBe(201);
    expect((await inbox('feedback'))[0]).toMatchObject({
      rating: 1,
      ratingText: 'Poor',
      usabilityText: 'Very Difficult',
      recommendText: 'Very Unlikely',
      liked: null,
      improvements: null,
      additionalFeedback: null,
      user: 'Anonymous User',
    });
  });

  it.each([
    [2, 'Below Average'],
    [3, 'Average'],
    [5, 'Excellent'],
  ])('labels the rating %i as %s', async (rating, label) => {
    const { user: _, ...anonymous } = feedback;
    expect((await post('/api/support/feedback', { ...anonymous, rating })).statusCode).toBe(201);
    expect((await inbox('feedback'))[0]).toMatchObject({
      rating,
      ratingText: label,
      user: 'Anonymous User',
    });
  });

  it.each([
    [{ rating: 0 }, 'rating', 'Please provide an overall rating'],
    [{ rating: undefined }, 'rating', 'Please provide an overall rating'],
    [{ rating: 2.5 }, 'rating', 'Please provide an overall rating'],
    [{ rating: '4' }, 'rating', 'Please provide an overall rating'],
    [{ rating: 6 }, 'rating', 'Rating must be from 1 to 5'],
    [{ usability: '' }, 'usability', 'Please select an option'],
    [{ usability: undefined }, 'usability', 'Please select an option'],
    [{ usability: 'meh' }, 'usability', 'Please select an option'],
    [{ recommend: '' }, 'recommend', 'Please select an option'],
    [{ recommend: 'maybe' }, 'recommend', 'Please select an option'],
    [{ liked: 'x'.repeat(2001) }, 'liked', 'What you liked must be at most 2000 characters'],
    [{ user: 'x'.repeat(101) }, 'user', 'User must be at most 100 characters'],
  ])('answers 400 to %j', async (change, field, message) => {
    const res = await post('/api/support/feedback', { ...feedback, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'invalid_input',
      message,
      errors: expect.arrayContaining([{ field, code: expect.any(String), message }]),
    });
  });

  it('mails nothing without SMTP: the inbox keeps every message', () => {
    expect(t.config.smtpUrl).toBeUndefined();
    expect(fs.existsSync(t.outboxDir)).toBe(false);
  });
});
