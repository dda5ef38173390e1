import {
  LINK_TOKEN,
  REFERENCE,
  TrackingInput,
  isLinkToken,
  normalizeReference,
  trackingState,
  withTechnicianPosition,
} from './tracking';

const at = (hhmm: string) => new Date(`2030-06-14T${hhmm}:00-04:00`);
const home = { lat: 39.1, lng: -84.5 };

const pending: TrackingInput = {
  status: 'pending',
  technicianName: null,
  requestedAt: at('10:00'),
  acceptedAt: null,
  enRouteAt: null,
  onLocationAt: null,
  closedAt: null,
  scheduledDate: null,
  scheduledTime: null,
  technicianPosition: null,
  destination: home,
  queue: { position: 2, estimatedWaitMinutes: 25 },
};

describe('references', () => {
  it('reads a typed reference in any case, with or without the prefix and spaces', () => {
    expect(normalizeReference('CB-7K3Q9')).toBe('CB-7K3Q9');
    expect(normalizeReference(' cb 7k3q9 ')).toBe('CB-7K3Q9');
    // A body that begins with the prefix's letters, typed alone or in full.
    expect(normalizeReference('CB3XY')).toBe('CB-CB3XY');
    expect(normalizeReference('cb-cb3xy')).toBe('CB-CB3XY');
    expect(normalizeReference('7k3q9')).toBe('CB-7K3Q9');
  });

  it('refuses what no reference can be: ambiguous characters, a wrong length', () => {
    expect(normalizeReference('CB-7K3Q0')).toBeNull();
    expect(normalizeReference('CB-7K3QI')).toBeNull();
    expect(normalizeReference('CB-7K3Q')).toBeNull();
    expect(normalizeReference('CB-7K3Q99')).toBeNull();
  });

  it('uses no character a person confuses with another', () => {
    for (const ch of '01ILOU') expect(REFERENCE.alphabet).not.toContain(ch);
  });
});

describe('link tokens', () => {
  it('accepts 34 base64url characters, a selector and a verifier of 128 bits or more', () => {
    expect(LINK_TOKEN.verifierBytes * 8).toBeGreaterThanOrEqual(128);
    expect(isLinkToken('a'.repeat(12) + 'B_-'.repeat(7) + 'x')).toBe(true);
    expect(isLinkToken('a'.repeat(33))).toBe(false);
    expect(isLinkToken('a'.repeat(33) + '/')).toBe(false);
  });
});

describe('trackingState', () => {
  it('while waiting: received, the queue position and its wait, and the customer may change it', () => {
    const state = trackingState(pending);
    expect(state.timeline.map((t) => [t.step, t.reached])).toEqual([
      ['received', true],
      ['assigned', false],
      ['on_the_way', false],
      ['arrived', false],
      ['done', false],
    ]);
    expect(state.timeline[0].at).toBe(at('10:00').toISOString());
    expect(state).toMatchObject({
      queuePosition: 2,
      etaMinutes: 25,
      technician: null,
      position: null,
      canCancel: true,
      canReschedule: false,
    });
  });

  it('names the technician by first name only', () => {
    const state = trackingState({ ...pending, status: 'accepted', technicianName: 'Dana  Miller' });
    expect(state.technician).toEqual({ firstName: 'Dana' });
    expect(JSON.stringify(state)).not.toContain('Miller');
  });

  it('on the way: the van where it is and the drive from there; no queue, no changes', () => {
    const state = trackingState({
      ...pending,
      status: 'en_route',
      technicianName: 'Dana Miller',
      enRouteAt: at('10:20'),
      technicianPosition: { lat: 39.15, lng: -84.45, at: at('10:21') },
    });
    expect(state.position).toEqual({ lat: 39.15, lng: -84.45, at: at('10:21').toISOString() });
    expect(state.etaMinutes).toBeGreaterThan(5);
    expect(state.etaMinutes).toBeLessThan(20);
    expect(state).toMatchObject({ queuePosition: null, canCancel: false, canReschedule: false });
  });

  it('stops sharing the position the moment the technician arrives', () => {
    const state = trackingState({
      ...pending,
      status: 'on_location',
      technicianName: 'Dana Miller',
      onLocationAt: at('10:35'),
      technicianPosition: { ...home, at: at('10:35') },
    });
    expect(state.position).toBeNull();
    expect(state.etaMinutes).toBeNull();
    expect(state.timeline.find((t) => t.step === 'arrived')).toMatchObject({
      reached: true,
      at: at('10:35').toISOString(),
    });
  });

  it('a scheduled visit can be moved until the van leaves; a cancelled one names nobody', () => {
    const scheduled = {
      ...pending,
      queue: null,
      scheduledDate: '2030-06-15',
      scheduledTime: '14:00:00',
    };
    expect(trackingState(scheduled)).toMatchObject({ canReschedule: true, etaMinutes: null });
    const cancelled = trackingState({
      ...scheduled,
      status: 'cancelled',
      technicianName: 'Dana M',
    });
    expect(cancelled).toMatchObject({ technician: null, canCancel: false, canReschedule: false });
  });
});

describe('the arrival code on the tracking page', () => {
  it('shows until the technician arrives, and never where none is asked', () => {
    const withCode = { ...pending, arrivalCode: '4821' };
    for (const status of ['pending', 'assigned', 'accepted', 'en_route'] as const)
      expect(trackingState({ ...withCode, status }).arrivalCode).toBe('4821');
    for (const status of ['on_location', 'completed', 'cancelled', 'declined'] as const)
      expect(trackingState({ ...withCode, status }).arrivalCode).toBeNull();
    expect(trackingState(pending).arrivalCode).toBeNull();
  });
});

describe('withTechnicianPosition', () => {
  const onTheWay = trackingState({
    ...pending,
    status: 'en_route',
    technicianName: 'Dana Miller',
    technicianPosition: { lat: 39.3, lng: -84.3, at: at('10:21') },
  });

  it('moves the van and shortens the estimate as it comes closer', () => {
    const closer = withTechnicianPosition(onTheWay, home, {
      lat: 39.11,
      lng: -84.5,
      at: at('10:30'),
    });
    expect(closer.position).toMatchObject({ lat: 39.11, lng: -84.5 });
    expect(closer.etaMinutes!).toBeLessThan(onTheWay.etaMinutes!);
  });

  it('leaves any other state alone: no position before or after the drive', () => {
    const arrived = trackingState({ ...pending, status: 'on_location', technicianName: 'Dana' });
    expect(withTechnicianPosition(arrived, home, { ...home, at: at('10:40') })).toBe(arrived);
  });
});
