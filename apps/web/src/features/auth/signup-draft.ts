import type { SignupDraft } from '@cadenza/contract/auth';

/** This tab's sign-up draft: what was typed survives a visit to the terms or the privacy policy. */
export const SIGNUP_DRAFT_KEY = 'cadenza.signup-draft';

const EMPTY_DRAFT: SignupDraft = { name: '', email: '', agreeTerms: false };

// Storage can be unavailable (disabled cookies, some private modes): then there is no draft.
function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

// The shape of the contract's signupDraftSchema, checked by hand: the sign-up form reads its
// draft before its first paint, which would otherwise wait for zod.
function isSignupDraft(value: unknown): value is SignupDraft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Record<keyof SignupDraft, unknown>;
  return (
    typeof draft.name === 'string' &&
    typeof draft.email === 'string' &&
    typeof draft.agreeTerms === 'boolean'
  );
}

export function readSignupDraft(): SignupDraft {
  const raw = storage()?.getItem(SIGNUP_DRAFT_KEY);
  if (!raw) return EMPTY_DRAFT;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isSignupDraft(parsed)) return EMPTY_DRAFT;
    const { name, email, agreeTerms } = parsed;
    return { name, email, agreeTerms };
  } catch {
    return EMPTY_DRAFT;
  }
}

/** Keeps the name, e-mail and agreement; passwords are never written anywhere. */
export function writeSignupDraft({ name, email, agreeTerms }: SignupDraft): void {
  try {
    storage()?.setItem(SIGNUP_DRAFT_KEY, JSON.stringify({ name, email, agreeTerms }));
  } catch {
    // Quota or privacy errors: the draft only lives as long as the page.
  }
}

export function clearSignupDraft(): void {
  storage()?.removeItem(SIGNUP_DRAFT_KEY);
}
