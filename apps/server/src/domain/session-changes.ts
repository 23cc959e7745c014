/** A change that ends sessions: one session (logout) or all of a user's (password, deletion). */
export type SessionChange =
  { readonly kind: 'token'; readonly id: string } | { readonly kind: 'user'; readonly id: string };

/** Ends remembered sessions on this node at once, and on the others that listen. */
export interface SessionInvalidation {
  /** Resolves once this node forgot, and the other nodes heard of it (or could not). */
  forget(change: SessionChange): Promise<void>;
}
