import { Transaction } from '@cincy/platform';

/**
 * Ends every session of a user, inside the caller's transaction. Declared here and provided by
 * the sessions module (app.module), so users never imports sessions, which imports users.
 */
export abstract class UserSignOut {
  abstract signOutEverywhere(tx: Transaction, userId: number): Promise<string[]>;
}
