/**
 * The react-query keys of the account's screens (issue 38), as `QUERY_KEYS` writes them (the URL
 * path first, then the parameters). Apart from query-keys.ts: that module is in the booking form's
 * first screen, which has a size budget (web/scripts/check-bundle.mjs) these screens need not load.
 */
export const ACCOUNT_QUERY_KEYS = {
  /** The signed-in account's second steps and passkeys (its Security page). */
  security: ['/api/auth/security'] as const,
  /** Where the signed-in account is signed in. */
  sessions: ['/api/auth/sessions'] as const,
  /** An invitation read by its link's token (public). */
  invitation: (token: string) => ['/api/auth/invitations/:token', token] as const,
};
