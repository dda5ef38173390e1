// Location tracking while a user is signed in and permission is granted, kept outside React: the
// app starts it for the signed-in user and stops it at sign-out; the board reads its state.
import { LOCATION, type LocationReport } from '@cincy/contracts';
import { reportLocation } from '../api/users';

/** Location permission is unknown, granted or denied. */
export type LocationPermission = 'unknown' | 'granted' | 'denied';

export interface LocationState {
  supported: boolean;
  permission: LocationPermission;
  /** A position watch is running. */
  tracking: boolean;
  /** The last geolocation error's message, cleared by the next position. */
  error: string | null;
  /** When the server last took a report (ms since epoch). */
  lastReportAt: number | null;
}

/** What a geolocation error says, by its code (or when the browser has no geolocation). */
export const GEOLOCATION_MESSAGES = {
  denied: 'Location access denied by user',
  unavailable: 'Location unavailable - check your device settings',
  timeout: 'Location request timed out',
  unknown: 'Unknown location error',
  unsupported: 'Geolocation is not supported by this browser',
} as const;

/** The message of a GeolocationPositionError code (1, 2, 3), or of a browser without geolocation. */
export function geolocationErrorMessage(code: number | 'unsupported'): string {
  switch (code) {
    case 1:
      return GEOLOCATION_MESSAGES.denied;
    case 2:
      return GEOLOCATION_MESSAGES.unavailable;
    case 3:
      return GEOLOCATION_MESSAGES.timeout;
    case 'unsupported':
      return GEOLOCATION_MESSAGES.unsupported;
    default:
      return GEOLOCATION_MESSAGES.unknown;
  }
}

/** The position watch, and the one-off request of every tracking interval. */
export const WATCH_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 15_000,
  maximumAge: 30_000,
};
export const ONE_OFF_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 60_000,
};

export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const realTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (h) => globalThis.clearInterval(h as ReturnType<typeof setInterval>),
};

export interface Throttle<T> {
  push(value: T): void;
  cancel(): void;
}

/**
 * At most one `send` per `intervalMs`: the first value goes at once; values pushed inside the
 * window wait, and only the latest of them goes when the window ends, so the last position is
 * never lost.
 */
export function createThrottle<T>(
  intervalMs: number,
  send: (value: T) => void,
  timers: Pick<Timers, 'now' | 'setTimeout' | 'clearTimeout'> = realTimers,
): Throttle<T> {
  let lastSentAt = -Infinity;
  let pending: { value: T } | null = null;
  let timer: unknown = null;

  const flush = () => {
    timer = null;
    if (!pending) return;
    const { value } = pending;
    pending = null;
    lastSentAt = timers.now();
    send(value);
  };

  return {
    push(value) {
      const wait = lastSentAt + intervalMs - timers.now();
      if (wait <= 0 && timer === null) {
        lastSentAt = timers.now();
        send(value);
        return;
      }
      pending = { value };
      if (timer === null) timer = timers.setTimeout(flush, Math.max(0, wait));
    },
    cancel() {
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      pending = null;
    },
  };
}

export function toLocationReport(position: GeolocationPosition): LocationReport {
  const { latitude, longitude, accuracy } = position.coords;
  return { latitude, longitude, accuracy: Number.isFinite(accuracy) ? accuracy : null };
}

export interface TrackerDeps {
  geolocation: Geolocation | undefined;
  permissions: Pick<Permissions, 'query'> | undefined;
  report(userId: number, report: LocationReport): Promise<void>;
  timers: Timers;
}

export const browserTrackerDeps = (): TrackerDeps => ({
  geolocation: typeof navigator === 'undefined' ? undefined : navigator.geolocation,
  permissions: typeof navigator === 'undefined' ? undefined : navigator.permissions,
  report: reportLocation,
  timers: realTimers,
});

const INITIAL: LocationState = {
  supported: true,
  permission: 'unknown',
  tracking: false,
  error: null,
  lastReportAt: null,
};

function toPermission(state: PermissionState): LocationPermission {
  if (state === 'granted') return 'granted';
  if (state === 'denied') return 'denied';
  return 'unknown';
}

export type LocationTracker = ReturnType<typeof createLocationTracker>;

/**
 * Tracking for one signed-in user. Starts watching by itself only when permission is already
 * granted (the Permissions API says so), so it never prompts; `share()` asks, from a click.
 * Positions go to PUT /api/users/{id}/location through a 30 s throttle, plus a one-off position
 * every tracking interval (5 minutes) for a device that stands still.
 */
export function createLocationTracker(getDeps: () => TrackerDeps = browserTrackerDeps) {
  let state: LocationState = INITIAL;
  const listeners = new Set<() => void>();
  let userId: number | null = null;
  /** Bumped by start and stop, so a late answer of an earlier start is ignored. */
  let generation = 0;
  let deps: TrackerDeps | null = null;
  let watchId: number | null = null;
  let interval: unknown = null;
  let throttle: Throttle<LocationReport> | null = null;
  let permissionStatus: PermissionStatus | null = null;

  const set = (patch: Partial<LocationState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };

  const send = (report: LocationReport) => {
    const id = userId;
    if (id === null || !deps) return;
    const at = deps.timers.now();
    deps.report(id, report).then(
      () => {
        if (userId === id) set({ lastReportAt: at });
      },
      (error: unknown) => console.warn('Could not report the location', error),
    );
  };

  const onPosition = (position: GeolocationPosition) => {
    if (userId === null) return;
    // Without the Permissions API a position is the only sign of permission.
    if (state.permission !== 'granted' || state.error) set({ permission: 'granted', error: null });
    throttle?.push(toLocationReport(position));
  };

  const endWatch = () => {
    if (watchId !== null) deps?.geolocation?.clearWatch(watchId);
    if (interval !== null) deps?.timers.clearInterval(interval);
    watchId = null;
    interval = null;
  };

  const onError = (error: GeolocationPositionError) => {
    if (userId === null) return;
    if (error.code === 1) {
      endWatch();
      set({ error: geolocationErrorMessage(1), permission: 'denied', tracking: false });
    } else {
      set({ error: geolocationErrorMessage(error.code) });
    }
  };

  const oneOff = () => deps?.geolocation?.getCurrentPosition(onPosition, onError, ONE_OFF_OPTIONS);

  const begin = () => {
    const geolocation = deps?.geolocation;
    if (!geolocation || watchId !== null) return;
    watchId = geolocation.watchPosition(onPosition, onError, WATCH_OPTIONS);
    interval = deps!.timers.setInterval(oneOff, LOCATION.trackingIntervalMs);
    set({ tracking: true });
  };

  const applyPermission = (permission: LocationPermission) => {
    if (permission === 'granted') {
      set({ permission });
      begin();
    } else {
      endWatch();
      set({ permission, tracking: false });
    }
  };

  const stop = () => {
    generation++;
    endWatch();
    throttle?.cancel();
    throttle = null;
    if (permissionStatus) permissionStatus.onchange = null;
    permissionStatus = null;
    userId = null;
    if (state !== INITIAL) set(INITIAL);
  };

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    /** Starts tracking for a signed-in user (again for the same user is a no-op). */
    start(id: number) {
      if (userId === id) return;
      stop();
      userId = id;
      const run = ++generation;
      deps = getDeps();
      if (!deps.geolocation) {
        set({ supported: false, error: geolocationErrorMessage('unsupported') });
        return;
      }
      throttle = createThrottle(LOCATION.reportThrottleMs, send, deps.timers);
      const query = deps.permissions?.query?.({ name: 'geolocation' });
      if (!query) return; // unknown until the user shares
      query.then(
        (status) => {
          if (run !== generation) return;
          permissionStatus = status;
          status.onchange = () => applyPermission(toPermission(status.state));
          applyPermission(toPermission(status.state));
        },
        () => undefined, // unknown
      );
    },

    /** Asks for a position (from a click: the browser may prompt), and tracks once it comes. */
    share() {
      if (userId === null || !deps) return;
      const geolocation = deps.geolocation;
      if (!geolocation) {
        set({ error: geolocationErrorMessage('unsupported') });
        return;
      }
      geolocation.getCurrentPosition(
        (position) => {
          onPosition(position);
          applyPermission('granted');
        },
        onError,
        ONE_OFF_OPTIONS,
      );
    },

    /** Stops everything and forgets the user (sign-out). */
    stop,
  };
}

export const locationTracker = createLocationTracker();
