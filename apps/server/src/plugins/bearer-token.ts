/** The token of an `Authorization: Bearer <token>` header (the scheme in any case); null for none. */
export function bearerTokenOf(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}
