import type { LocationReport } from '@cincy/contracts';
import {
  GEOLOCATION_MESSAGES,
  ONE_OFF_OPTIONS,
  WATCH_OPTIONS,
  createLocationTracker,
  createThrottle,
  geolocationErrorMessage,
  type Timers,
} from './location-tracker';

const timers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
};

beforeEach(() => {
  jest.useFakeTimers({ now: Date.parse('2030-06-14T12:00:00.000Z') });
});
afterEach(() => {
  jest.useRealTimers();
});

/** Lets the permission query's promise settle. */
const settle = async () => {
  await Promise.resolve();
  await Promise.resolve();
};

type Callbacks = {
  success: PositionCallback;
  error: PositionErrorCallback;
  options?: PositionOptions;
};

function position(latitude: number, longitude: number, accuracy = 12): GeolocationPosition {
  return {
    coords: { latitude, longitude, accuracy },
    timestamp: Date.now(),
  } as GeolocationPosition;
}

function positionError(code: number): GeolocationPositionError {
  return { code, message: 'x' } as GeolocationPositionError;
}

function setup(permission: PermissionState | 'no-api' = 'granted') {
  const watchers = new Map<number, Callbacks>();
  const oneOffs: Callbacks[] = [];
  let nextId = 1;
  const geolocation = {
    watchPosition: jest.fn((success, error, options) => {
      const id = nextId++;
      watchers.set(id, { success, error, options });
      return id;
    }),
    clearWatch: jest.fn((id: number) => watchers.delete(id)),
    getCurrentPosition: jest.fn((success, error, options) => {
      oneOffs.push({ success, error, options });
    }),
  } as unknown as Geolocation;
  const status = { state: permission, onchange: null } as unknown as PermissionStatus;
  const permissions = permission === 'no-api' ? undefined : { query: jest.fn(async () => status) };
  const report = jest.fn(async (_userId: number, _report: LocationReport) => undefined);
  const tracker = createLocationTracker(() => ({ geolocation, permissions, report, timers }));
  const watch = () => [...watchers.values()][0];
  return { tracker, geolocation, status, report, watchers, oneOffs, watch };
}

describe('geolocationErrorMessage', () => {
  it.each([
    [1, 'Location access denied by user'],
    [2, 'Location unavailable - check your device settings'],
    [3, 'Location request timed out'],
    [9, 'Unknown location error'],
    ['unsupported', 'Geolocation is not supported by this browser'],
  ] as const)('maps %p to %p', (code, message) => {
    expect(geolocationErrorMessage(code)).toBe(message);
  });
});

describe('createThrottle', () => {
  it('sends the first value at once and then at most one per interval, the latest', () => {
    const send = jest.fn();
    const throttle = createThrottle<number>(30_000, send, timers);
    throttle.push(1);
    expect(send.mock.calls).toEqual([[1]]);
    jest.advanceTimersByTime(10_000);
    throttle.push(2);
    throttle.push(3);
    expect(send).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(19_999);
    expect(send).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(send.mock.calls).toEqual([[1], [3]]);
  });

  it('sends at once again after a quiet interval', () => {
    const send = jest.fn();
    const throttle = createThrottle<number>(30_000, send, timers);
    throttle.push(1);
    jest.advanceTimersByTime(30_000);
    throttle.push(2);
    expect(send.mock.calls).toEqual([[1], [2]]);
  });

  it('drops a waiting value when cancelled', () => {
    const send = jest.fn();
    const throttle = createThrottle<number>(30_000, send, timers);
    throttle.push(1);
    throttle.push(2);
    throttle.cancel();
    jest.advanceTimersByTime(60_000);
    expect(send.mock.calls).toEqual([[1]]);
  });
});

describe('location tracker', () => {
  it('starts watching by itself when permission is granted, with the spec options', async () => {
    const { tracker, geolocation } = setup('granted');
    tracker.start(7);
    await settle();
    expect(geolocation.watchPosition).toHaveBeenCalledWith(
      expect.any(Function),
      expect.any(Function),
      WATCH_OPTIONS,
    );
    expect(WATCH_OPTIONS).toEqual({
      enableHighAccuracy: true,
      timeout: 15_000,
      maximumAge: 30_000,
    });
    expect(tracker.getState()).toMatchObject({
      permission: 'granted',
      tracking: true,
      error: null,
    });
  });

  it('reports positions for its user, at most once per 30 s', async () => {
    const { tracker, report, watch } = setup('granted');
    tracker.start(7);
    await settle();
    watch().success(position(39.1, -84.5, 8));
    watch().success(position(39.2, -84.6));
    watch().success(position(39.3, -84.7));
    expect(report.mock.calls).toEqual([[7, { latitude: 39.1, longitude: -84.5, accuracy: 8 }]]);
    jest.advanceTimersByTime(30_000);
    expect(report.mock.calls[1]).toEqual([7, { latitude: 39.3, longitude: -84.7, accuracy: 12 }]);
    expect(report).toHaveBeenCalledTimes(2);
  });

  it('asks for a one-off position every 5 minutes while tracking', async () => {
    const { tracker, geolocation } = setup('granted');
    tracker.start(7);
    await settle();
    expect(geolocation.getCurrentPosition).not.toHaveBeenCalled();
    jest.advanceTimersByTime(300_000);
    expect(geolocation.getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(geolocation.getCurrentPosition).toHaveBeenCalledWith(
      expect.any(Function),
      expect.any(Function),
      ONE_OFF_OPTIONS,
    );
    expect(ONE_OFF_OPTIONS).toMatchObject({ timeout: 10_000, maximumAge: 60_000 });
  });

  it('never asks by itself while permission is unknown; sharing asks and then tracks', async () => {
    const { tracker, geolocation, oneOffs, report } = setup('prompt');
    tracker.start(7);
    await settle();
    expect(geolocation.watchPosition).not.toHaveBeenCalled();
    expect(geolocation.getCurrentPosition).not.toHaveBeenCalled();
    expect(tracker.getState()).toMatchObject({ permission: 'unknown', tracking: false });

    tracker.share();
    expect(oneOffs).toHaveLength(1);
    oneOffs[0].success(position(39.1, -84.5));
    expect(tracker.getState()).toMatchObject({ permission: 'granted', tracking: true });
    expect(geolocation.watchPosition).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledTimes(1);
  });

  it('follows a permission change to granted', async () => {
    const { tracker, geolocation, status } = setup('prompt');
    tracker.start(7);
    await settle();
    (status as { state: PermissionState }).state = 'granted';
    status.onchange?.(new Event('change'));
    expect(geolocation.watchPosition).toHaveBeenCalledTimes(1);
  });

  it('reads permission from the first position where the Permissions API is missing', async () => {
    const { tracker, oneOffs } = setup('no-api');
    tracker.start(7);
    await settle();
    expect(tracker.getState().permission).toBe('unknown');
    tracker.share();
    oneOffs[0].success(position(39.1, -84.5));
    expect(tracker.getState()).toMatchObject({ permission: 'granted', tracking: true });
  });

  it('stops watching and says why when access is denied', async () => {
    const { tracker, geolocation, watch } = setup('granted');
    tracker.start(7);
    await settle();
    watch().error(positionError(1));
    expect(geolocation.clearWatch).toHaveBeenCalledTimes(1);
    expect(tracker.getState()).toMatchObject({
      permission: 'denied',
      tracking: false,
      error: GEOLOCATION_MESSAGES.denied,
    });
  });

  it('keeps watching after a timeout and clears the error with the next position', async () => {
    const { tracker, geolocation, watch } = setup('granted');
    tracker.start(7);
    await settle();
    watch().error(positionError(3));
    expect(tracker.getState()).toMatchObject({
      tracking: true,
      error: GEOLOCATION_MESSAGES.timeout,
    });
    expect(geolocation.clearWatch).not.toHaveBeenCalled();
    watch().success(position(39.1, -84.5));
    expect(tracker.getState().error).toBeNull();
  });

  it('says so in a browser without geolocation', () => {
    const report = jest.fn();
    const tracker = createLocationTracker(() => ({
      geolocation: undefined,
      permissions: undefined,
      report,
      timers,
    }));
    tracker.start(7);
    expect(tracker.getState()).toMatchObject({
      supported: false,
      error: GEOLOCATION_MESSAGES.unsupported,
    });
  });

  it('stops everything at sign-out: the watch, the 5-minute request and a waiting report', async () => {
    const { tracker, geolocation, report, watch } = setup('granted');
    tracker.start(7);
    await settle();
    watch().success(position(39.1, -84.5));
    watch().success(position(39.2, -84.6));
    tracker.stop();
    expect(geolocation.clearWatch).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(600_000);
    expect(report).toHaveBeenCalledTimes(1);
    expect(geolocation.getCurrentPosition).not.toHaveBeenCalled();
    expect(tracker.getState()).toMatchObject({ tracking: false, permission: 'unknown' });
  });

  it('ignores a permission answer that arrives after sign-out', async () => {
    const { tracker, geolocation } = setup('granted');
    tracker.start(7);
    tracker.stop();
    await settle();
    expect(geolocation.watchPosition).not.toHaveBeenCalled();
  });
});
