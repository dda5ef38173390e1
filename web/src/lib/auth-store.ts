// The signed-in user, kept outside React so the session machinery (restore, idle sign-out, other
// tabs) runs without a component; hooks/use-auth.ts reads it into components.
import type { QueryClient } from '@tanstack/react-query';
import { ERROR_CODES, LOGIN_FAILURE, SESSION, type SignedInUser } from '@cincy/contracts';
import * as authApi from '../api/auth';
import { ApiRequestError } from '../api/request';
import type { PendingStep, SecondStep } from './login-step';
import { queryClient } from './query-client';

/** The browser keeps this under `auth-storage`. */
export interface AuthState {
  isAuthenticated: boolean;
  currentUser: SignedInUser | null;
  lastActivity: number | null;
}

export const AUTH_STORAGE_KEY = 'auth-storage';
/** Activity is recorded at most this often, so mouse moves do not hammer localStorage. */
const ACTIVITY_WRITE_THROTTLE_MS = 15_000;
const ACTIVITY_EVENTS = ['click', 'keydown', 'scroll', 'mousemove', 'touchstart'] as const;

const signedOut: AuthState = { isAuthenticated: false, currentUser: null, lastActivity: null };

function readStored(): AuthState {
  try {
    const raw = localStorage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return signedOut;
    const parsed = JSON.parse(raw) as Partial<AuthState>;
    const user = parsed.currentUser;
    if (!parsed.isAuthenticated || !user || typeof user.id !== 'number') return signedOut;
    return {
      isAuthenticated: true,
      // Stored before `privileged` and `idleMinutes` existed: no Decline Call, and the default
      // idle limit, until the server has answered.
      currentUser: {
        ...user,
        privileged: user.privileged === true,
        idleMinutes: Number(user.idleMinutes) || SESSION.idleMinutes,
      },
      lastActivity: Number(parsed.lastActivity) || Date.now(),
    };
  } catch {
    return signedOut;
  }
}

let state: AuthState = readStored();
/** True until the server has answered GET /api/users/current once (or someone signed in). */
let restoring = true;
/** GET /api/users/current is asked at most once per page load (see `startAuth`). */
let restoreAsked = false;
/** Bumped by every sign-in and sign-out, so a slow restore cannot undo a newer login. */
let generation = 0;
/** Set when the server ended the session (deleted, demoted, new password, idle): /login says so once. */
let endedByServer = false;
/**
 * The cookie's session passed the password but not yet the second step (issue 38): /login shows
 * the code step, or the setup page opens. Kept for this page only: a reload asks the password again.
 */
let pending: PendingStep | null = null;
const listeners = new Set<() => void>();

function setState(next: AuthState, persist = true) {
  state = next;
  if (persist) {
    try {
      localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Private mode or full storage: the in-memory state still works for this tab.
    }
  }
  for (const listener of listeners) listener();
}

function setRestoring(value: boolean) {
  restoring = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * A refused call that says the session waits for its second step (403 MFA_REQUIRED). The same as
 * login-step's `isMfaRequired`, written here so that module stays out of the entry.
 */
const isMfaRequired = (error: unknown): boolean =>
  error instanceof ApiRequestError && error.code === ERROR_CODES.mfaRequired;

/** What `authStore.login` answers: null signed in, a failure to show, or the step still to go. */
export type LoginOutcome = null | string | SecondStep;

function signIn(user: SignedInUser) {
  generation++;
  endedByServer = false;
  pending = null;
  // A sign-in is newer than any answer the restore could still bring.
  restoreAsked = true;
  restoring = false;
  setState({ isAuthenticated: true, currentUser: user, lastActivity: Date.now() });
}

function clearLocal() {
  generation++;
  pending = null;
  setState(signedOut);
  // The next user must not see the previous user's board.
  queryClient.clear();
}

/**
 * The password is right, the second step is not done: nobody is signed in here until it is. Null:
 * the pending step is over (gone on the server, or given up).
 */
function setPending(step: PendingStep | null) {
  // Whoever was signed in here is not any more: the cookie's session is the pending one.
  if (step && state.isAuthenticated) clearLocal();
  generation++;
  pending = step;
  for (const listener of listeners) listener();
}

export const authStore = {
  getState: () => state,
  /** True until the server has answered GET /api/users/current once. */
  isRestoring: () => restoring,
  subscribe,

  /**
   * POST /api/auth/login: null when signed in; the second step still to go (the session is then
   * pending: `pendingStep`); otherwise what the login page says (the server's throttle on 429,
   * LOGIN_FAILURE.invalid for anything else, a network failure included).
   */
  async login(username: string, password: string): Promise<LoginOutcome> {
    try {
      const answer = await authApi.login({ username, password });
      if ('mfa' in answer) {
        setPending(answer);
        return answer;
      }
      signIn(answer);
      return null;
    } catch (error) {
      console.error('Login failed', error);
      const throttled = error instanceof ApiRequestError && error.status === 429;
      return throttled ? LOGIN_FAILURE.throttled : LOGIN_FAILURE.invalid;
    }
  },

  /** The second step still to go of this page's sign-in, if the session is pending. */
  pendingStep: (): PendingStep | null => pending,

  /** The second step (a code, a passkey), a passwordless passkey or a setup signed in `user`. */
  completeSignIn: signIn,

  /** The pending step is over (expired on the server, or given up): the password is asked again. */
  clearPending() {
    if (pending) setPending(null);
  },

  /** Clears the local user even if the server call fails. */
  async logout(): Promise<void> {
    const userId = state.currentUser?.id;
    endedByServer = false;
    clearLocal();
    try {
      await authApi.logout(userId);
    } catch (error) {
      console.warn('Logout request failed', error);
    }
  },

  /**
   * Asks the server who is signed in, once per page load; a 401 means signed out, other failures
   * are ignored. Called at start for a user this browser remembers, and by a protected page.
   */
  async restore(): Promise<void> {
    if (restoreAsked) return;
    restoreAsked = true;
    const startedAt = generation;
    try {
      const user = await authApi.fetchCurrentUser();
      if (startedAt !== generation) return;
      if (user)
        setState({
          isAuthenticated: true,
          currentUser: user,
          lastActivity: state.lastActivity ?? Date.now(),
        });
      else if (state.isAuthenticated) clearLocal();
    } catch (error) {
      // The session waits for its second step: which one, the login page reads.
      if (isMfaRequired(error) && startedAt === generation) setPending({ mfa: 'unread' });
      else console.warn('Could not restore the session', error);
    } finally {
      setRestoring(false);
    }
  },

  /**
   * The server no longer knows the session (a 401 from a signed-in call): sign out here too, so
   * protected screens go to /login instead of showing errors. No logout call: the session is gone.
   */
  sessionEnded() {
    if (!state.isAuthenticated) return;
    endedByServer = true;
    clearLocal();
  },

  /**
   * Asks the server whether the session still stands (after the socket was closed by it, or a call
   * answered 403 MFA_REQUIRED: the session then waits for its second step, and /login shows it).
   */
  async recheck(): Promise<void> {
    if (!state.isAuthenticated) return;
    const startedAt = generation;
    try {
      const user = await authApi.fetchCurrentUser();
      if (startedAt === generation && !user) authStore.sessionEnded();
    } catch (error) {
      if (isMfaRequired(error) && startedAt === generation) setPending({ mfa: 'unread' });
      else console.warn('Could not check the session', error);
    }
  },

  /** The server ended the last session (until the next sign-in): the login page says so. */
  sessionEndedByServer: () => endedByServer,

  touch() {
    if (!state.isAuthenticated) return;
    const now = Date.now();
    if (state.lastActivity && now - state.lastActivity < ACTIVITY_WRITE_THROTTLE_MS) return;
    setState({ ...state, lastActivity: now });
  },

  isIdle(now = Date.now()) {
    return (
      state.isAuthenticated &&
      state.lastActivity !== null &&
      // The server's limit (SESSION_IDLE_MINUTES), as its sign-in answer said.
      now - state.lastActivity > (state.currentUser?.idleMinutes ?? SESSION.idleMinutes) * 60_000
    );
  },
};

/**
 * Calls `onUnauthorized` when a query or a mutation of `client` fails with 401: the server no
 * longer knows the session (ended by an admin, or idle); `onMfaRequired` when one fails with 403
 * MFA_REQUIRED: the session waits for its second step. Returns the unsubscribe.
 */
export function watchUnauthorized(
  client: QueryClient,
  onUnauthorized: () => void,
  onMfaRequired?: () => void,
): () => void {
  const check = (error: unknown) => {
    if (error instanceof ApiRequestError && error.status === 401) onUnauthorized();
    else if (onMfaRequired && isMfaRequired(error)) onMfaRequired();
  };
  const offQueries = client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
  });
  const offMutations = client.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
  });
  return () => {
    offQueries();
    offMutations();
  };
}

/**
 * Starts the session machinery once: restore from the server, record activity, sign out after
 * the server's idle limit (checked every 5 minutes and on start), and follow other tabs.
 */
export function startAuth(): () => void {
  // Idle too long since the last visit: sign out instead of restoring (both at once would race).
  if (authStore.isIdle()) {
    restoreAsked = true;
    void authStore.logout().finally(() => setRestoring(false));
  } else if (state.isAuthenticated) void authStore.restore();
  // Nobody remembered: a public page does not ask (nearly every visitor would get a 401, logged
  // in the browser's console); a protected page asks when it opens (RequireAuth).

  const onActivity = () => authStore.touch();
  for (const name of ACTIVITY_EVENTS)
    window.addEventListener(name, onActivity, { passive: true, capture: true });

  const timer = window.setInterval(() => {
    if (authStore.isIdle()) void authStore.logout();
  }, SESSION.activityCheckMs);

  const onStorage = (e: StorageEvent) => {
    if (e.key === AUTH_STORAGE_KEY) setState(readStored(), false);
  };
  window.addEventListener('storage', onStorage);

  // A 401 from any query or mutation of a signed-in user means the server ended the session; a
  // 403 MFA_REQUIRED that the session waits for its second step.
  const offUnauthorized = watchUnauthorized(
    queryClient,
    () => setTimeout(() => authStore.sessionEnded(), 0),
    () => setTimeout(() => void authStore.recheck(), 0),
  );

  return () => {
    offUnauthorized();
    for (const name of ACTIVITY_EVENTS)
      window.removeEventListener(name, onActivity, { capture: true });
    window.clearInterval(timer);
    window.removeEventListener('storage', onStorage);
  };
}
