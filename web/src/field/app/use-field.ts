import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  ERROR_CODES,
  businessDate,
  type DashboardAppointment,
  type InventoryItem,
  type SignedInUser,
} from '@cincy/contracts';
import { fetchFieldJobs } from '../../api/appointments';
import { loginMfa } from '../../api/account';
import { fetchCurrentUser, login, logout } from '../../api/auth';
import { fetchInventory } from '../../api/inventory';
import { ApiRequestError, serverMessageOf } from '../../api/request';
import { SETUP_TWO_STEP_PATH, isMfaRequired, type SecondStep } from '../../lib/login-step';
import { mfaBody, readPendingStep, secondStepOf } from '../../lib/sign-in-steps';
import { keepSameObjects } from '../../lib/same-objects';
import { whenIdle } from '../../lib/when-idle';
import { fieldOutbox, fieldStore, startOutboxSync } from '../outbox';
import type { FieldStepKind, FieldUser, FlushResult, OutboxStep } from '../outbox/types';
import {
  EMPTY_COPY,
  afterPush,
  copyFromAnswer,
  leftAsSent,
  needsMorePool,
  stillAhead,
  withWaitingSteps,
  type FieldCopy,
  type FieldJob,
  type SentStep,
} from './jobs';
import type { TypedCode } from './second-step';

/** How often the jobs are read again while the live connection is not up (and as a backstop). */
const REFRESH_MS = 30_000;
/** The latest jobs shown are on the phone within this, however busy it is. */
const SAVE_WITHIN_MS = 2_000;

export type FieldPhase = 'opening' | 'signed-out' | 'ready';

export interface FieldState {
  phase: FieldPhase;
  user: FieldUser | null;
  jobs: FieldJob[];
  /** When the server last gave the jobs shown (a read or a push); null before it ever did. */
  answeredAt: Date | null;
  /** The last call reached the server. */
  online: boolean;
  steps: OutboxStep[];
  batteries: InventoryItem[];
  /** Why the sign-in screen shows, when it is not the first open. */
  signInReason: string | null;
  /** The password was right: the second step still to go (the session is pending). */
  secondStep: SecondStep | null;
}

const isNoSignal = (error: unknown) => !(error instanceof ApiRequestError);

const SESSION_ENDED =
  'Your session ended. Sign in again: your steps are kept and go once you have.';
const NO_SIGNAL_SIGN_IN = 'No signal. Try again once the phone is back online.';
const FINISH_SIGN_IN = 'Finish signing in: your steps are kept and go once you have.';

/**
 * The field app's data: the signed-in technician, their jobs (the server's, or the last saved on
 * the phone when there is no signal) with the outbox's waiting steps applied, and the steps.
 */
export function useField() {
  const outbox = fieldOutbox();
  const store = fieldStore();
  const [phase, setPhase] = useState<FieldPhase>('opening');
  const [user, setUser] = useState<FieldUser | null>(null);
  const [copy, setCopy] = useState<FieldCopy>(EMPTY_COPY);
  const serverJobs = copy.jobs;
  const [online, setOnline] = useState(true);
  const [steps, setSteps] = useState<OutboxStep[]>([]);
  const [sent, setSent] = useState<SentStep[]>([]);
  const stepsRef = useRef<OutboxStep[]>([]);
  const serverJobsRef = useRef<DashboardAppointment[]>([]);
  useEffect(() => {
    serverJobsRef.current = serverJobs;
  }, [serverJobs]);
  const [batteries, setBatteries] = useState<InventoryItem[]>([]);
  const [signInReason, setSignInReason] = useState<string | null>(null);
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  const userRef = useRef<FieldUser | null>(null);

  const signedOut = useCallback((reason: string | null) => {
    setSignInReason(reason);
    setPhase('signed-out');
  }, []);

  /**
   * The cookie's session waits for its second step (403 MFA_REQUIRED): the account's second
   * steps say which; the app's code if they cannot be read.
   */
  const pendingFound = useCallback(async () => {
    setSecondStep(await readPendingStep());
    signedOut(FINISH_SIGN_IN);
  }, [signedOut]);

  /** Reads the jobs (and the batteries) from the server; keeps the last ones without signal. */
  const refresh = useCallback(async () => {
    const current = userRef.current;
    if (!current) return;
    try {
      const answer = await fetchFieldJobs();
      setCopy((shown) => copyFromAnswer(shown.jobs, answer, businessDate()));
      setOnline(true);
      const items = await fetchInventory({ category: 'battery' });
      setBatteries((shown) => keepSameObjects(shown, items));
      void store.saveBatteries(items);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 401) signedOut(SESSION_ENDED);
      else if (isMfaRequired(error)) void pendingFound();
      else if (isNoSignal(error)) setOnline(false);
    }
  }, [pendingFound, signedOut, store]);

  const afterFlush = useCallback(
    (result: FlushResult) => {
      if (result === 'signed-out') signedOut(SESSION_ENDED);
      else if (result === 'offline') setOnline(false);
      else void refresh();
    },
    [refresh, signedOut],
  );

  const begin = useCallback(
    async (signedIn: FieldUser) => {
      userRef.current = signedIn;
      setUser(signedIn);
      setPhase('ready');
      await store.saveUser(signedIn);
      afterFlush(await outbox.flush());
    },
    [afterFlush, outbox, store],
  );

  // Open: what the phone kept first (drawn at once, with or without signal), then the server.
  useEffect(() => {
    let stopped = false;
    void (async () => {
      const kept = await store.lastUser();
      if (kept && !stopped) {
        userRef.current = kept;
        setUser(kept);
        const last = await store.lastJobs<DashboardAppointment>(kept.id);
        if (last && !stopped)
          setCopy({ jobs: last.jobs, poolCut: null, answeredAt: last.answeredAt });
        setBatteries(await store.lastBatteries<InventoryItem>());
        setPhase('ready');
      }
      try {
        const current = await fetchCurrentUser();
        if (stopped) return;
        if (current) await begin({ id: current.id, name: current.name, role: current.role });
        else signedOut(null);
      } catch (error) {
        if (stopped) return;
        if (isMfaRequired(error)) {
          await pendingFound();
          return;
        }
        setOnline(false);
        if (!kept) signedOut('No signal. Sign in once the phone is back online.');
      }
    })();
    return () => {
      stopped = true;
    };
  }, [begin, pendingFound, signedOut, store]);

  // The outbox: its steps on screen, sent whenever there is a chance.
  useEffect(() => {
    const read = () =>
      void outbox.list().then((next) => {
        const shown = serverJobsRef.current;
        const gone = leftAsSent(stepsRef.current, next, shown);
        stepsRef.current = next;
        setSteps(next);
        setSent((kept) => [...stillAhead(kept, shown), ...gone]);
      });
    read();
    const unsubscribe = outbox.subscribe(read);
    const stop = startOutboxSync(outbox, { onResult: afterFlush });
    return () => {
      unsubscribe();
      stop();
    };
  }, [afterFlush, outbox]);

  // The jobs again every so often and when the phone finds signal (the live socket does better).
  useEffect(() => {
    if (phase !== 'ready') return;
    const timer = setInterval(() => void refresh(), REFRESH_MS);
    const onOnline = () => void refresh();
    window.addEventListener('online', onOnline);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', onOnline);
    };
  }, [phase, refresh]);

  const take = useCallback(
    async (job: FieldJob, kind: FieldStepKind, body?: Record<string, unknown>, file?: Blob) => {
      await outbox.take({ jobId: job.id, customerName: job.customer.name, kind, body, file });
      afterFlush(await outbox.flush());
    },
    [afterFlush, outbox],
  );

  /** Signs out here and on the server; steps not yet sent stay and go at the next sign-in. */
  const signOut = useCallback(async () => {
    const current = userRef.current;
    userRef.current = null;
    setUser(null);
    setCopy(EMPTY_COPY);
    await store.forgetUser();
    signedOut(null);
    await logout(current?.id).catch(() => undefined);
  }, [signedOut, store]);

  const signIn = useCallback(
    async (username: string, password: string): Promise<string | null> => {
      try {
        const answer = await login({ username, password });
        const step = secondStepOf(answer);
        if (step?.mfa === 'enroll') {
          // An account that must have a second step sets it up in the back office first.
          window.location.assign(SETUP_TWO_STEP_PATH);
          return null;
        }
        if (step) {
          setSecondStep(step);
          return null;
        }
        const signedIn = answer as SignedInUser;
        await begin({ id: signedIn.id, name: signedIn.name, role: signedIn.role });
        return null;
      } catch (error) {
        if (isNoSignal(error)) return NO_SIGNAL_SIGN_IN;
        return serverMessageOf(error) ?? 'Sign-in failed. Check your username and password.';
      }
    },
    [begin],
  );

  /** The second step: the app's code or a recovery code; the phone trusted when asked. */
  const submitCode = useCallback(
    async (typed: TypedCode, trustDevice: boolean): Promise<string | null> => {
      try {
        const signedIn = await loginMfa(mfaBody(typed, trustDevice));
        setSecondStep(null);
        setSignInReason(null);
        await begin({ id: signedIn.id, name: signedIn.name, role: signedIn.role });
        return null;
      } catch (error) {
        if (isNoSignal(error)) return NO_SIGNAL_SIGN_IN;
        // Not the code: the pending session itself is gone (ten minutes passed).
        if (error instanceof ApiRequestError && error.code === ERROR_CODES.unauthenticated) {
          setSecondStep(null);
          signedOut('Signing in took too long. Enter your username and password again.');
          return null;
        }
        return serverMessageOf(error) ?? 'That code is not right. Try the newest code.';
      }
    },
    [begin, signedOut],
  );

  /** Back to the username and password: the pending session is ended on the server too. */
  const cancelSecondStep = useCallback(() => {
    setSecondStep(null);
    void logout(undefined).catch(() => undefined);
  }, []);

  /** A job the server pushed: on screen at once if it is the phone's, unless what is shown is newer. */
  const pushed = useCallback((job: DashboardAppointment) => {
    const me = userRef.current;
    if (me) setCopy((shown) => afterPush(shown, job, me.id, businessDate()));
  }, []);

  // What the phone shows is what it opens with next time, pushes included. Saved when the phone
  // is idle, the latest copy only: cloning every job into IndexedDB held up the frame that drew
  // a push. Going to the background (where a phone may end the tab) saves at once.
  useEffect(() => {
    const me = userRef.current;
    if (!me || copy === EMPTY_COPY) return;
    const save = () => {
      cancel();
      document.removeEventListener('visibilitychange', onHidden);
      // The server's time, not the save's: a copy opened without signal is saved again as it was.
      if (copy.answeredAt) void store.saveJobs(me.id, copy.jobs, copy.answeredAt);
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') save();
    };
    const cancel = whenIdle(save, SAVE_WITHIN_MS);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      cancel();
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [copy, store]);

  // Others took enough of the pool on screen: read the next of it (once at a time).
  const refilling = useRef(false);
  useEffect(() => {
    if (refilling.current || !needsMorePool(copy, businessDate())) return;
    refilling.current = true;
    void refresh().finally(() => {
      refilling.current = false;
    });
  }, [copy, refresh]);

  const jobs = useMemo(
    () => (user ? withWaitingSteps(serverJobs, steps, user.id, sent) : []),
    [serverJobs, steps, sent, user],
  );

  const state: FieldState = {
    phase,
    user,
    jobs,
    answeredAt: copy.answeredAt,
    online,
    steps,
    batteries,
    signInReason,
    secondStep,
  };
  return {
    state,
    refresh,
    pushed,
    take,
    signIn,
    submitCode,
    cancelSecondStep,
    signOut,
    dismiss: (seq: number) => outbox.dismiss(seq),
    store,
  };
}
