import { estimateDrive } from '@cincy/contracts';
import { TrackedJob, trackingFacts } from './tracking-facts';

const at = (hhmm: string) => new Date(`2030-06-14T${hhmm}:00-04:00`);
const home = { lat: 39.1, lng: -84.51 };
const van = { lat: 39.15, lng: -84.51 };

const waiting: TrackedJob = {
  status: 'pending',
  technicianId: null,
  technicianName: null,
  requestedAt: at('10:00'),
  acceptedAt: null,
  enRouteAt: null,
  onLocationAt: null,
  closedAt: null,
  scheduledDate: null,
  scheduledTime: null,
  customerLocation: home,
  updatedAt: at('10:00'),
  arrivalCode: null,
  payment: null,
};
const onTheWay: TrackedJob = {
  ...waiting,
  status: 'en_route',
  technicianId: 7,
  technicianName: 'Tess  Hollister',
  acceptedAt: at('10:05'),
  enRouteAt: at('10:10'),
  updatedAt: at('10:10'),
};

describe('trackingFacts', () => {
  it('while waiting: the queue place and wait, nobody named, the destination kept for the gateway', () => {
    const facts = trackingFacts(waiting, null, { position: 3, estimatedWaitMinutes: 40 });
    expect(facts).toMatchObject({
      technicianId: null,
      destination: home,
      state: { status: 'pending', queuePosition: 3, etaMinutes: 40, technician: null },
    });
  });

  it('on the way: the first name, the van where it was last seen and the drive from there', () => {
    const facts = trackingFacts(onTheWay, { ...van, at: at('10:12') }, null);
    expect(facts.technicianId).toBe(7);
    expect(facts.state.technician).toEqual({ firstName: 'Tess' });
    expect(facts.state.position).toEqual({ ...van, at: at('10:12').toISOString() });
    expect(facts.state.etaMinutes).toBe(Math.round(estimateDrive(van, home).minutes));
    expect(JSON.stringify(facts.state)).not.toContain('Hollister');
  });

  it("dates a position dispatch never heard the time of by the job's last change", () => {
    const facts = trackingFacts(onTheWay, { ...van, at: null }, null);
    expect(facts.state.position?.at).toBe(onTheWay.updatedAt.toISOString());
  });

  it('on the way with no position known: no van and no estimate', () => {
    const facts = trackingFacts(onTheWay, null, null);
    expect(facts.state).toMatchObject({ position: null, etaMinutes: null });
  });

  it('arrived: the van is no longer shown, even with a position at hand', () => {
    const arrived = { ...onTheWay, status: 'on_location' as const, onLocationAt: at('10:30') };
    const facts = trackingFacts(arrived, { ...van, at: at('10:31') }, null);
    expect(facts.state).toMatchObject({ position: null, etaMinutes: null });
    expect(facts.technicianId).toBe(7);
  });

  it.each(['completed', 'declined', 'cancelled'] as const)(
    '%s: nobody is coming any more, and the customer can change nothing',
    (status) => {
      const facts = trackingFacts({ ...onTheWay, status, closedAt: at('11:00') }, null, {
        position: 1,
        estimatedWaitMinutes: 5,
      });
      expect(facts.technicianId).toBeNull();
      expect(facts.state).toMatchObject({
        queuePosition: null,
        etaMinutes: null,
        canCancel: false,
        canReschedule: false,
      });
    },
  );
});
