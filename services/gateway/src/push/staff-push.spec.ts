import { SOCKET_EVENTS } from '@cincy/contracts';
import { buildEvent } from '@cincy/platform';
import { boardView } from '@cincy/platform/testing';
import { toSocketMessage } from './staff-push';

describe('what staff see of an event (toSocketMessage)', () => {
  const appointment = boardView({ id: 7, status: 'assigned', technicianId: 3, version: 4 });

  it.each([
    'dispatch.appointment.opened',
    'dispatch.appointment.cancelled',
    'dispatch.appointment.assigned',
    'dispatch.appointment.unassigned',
    'dispatch.appointment.accepted',
    'dispatch.appointment.declined',
  ] as const)('moves the board on %s, naming the change', (type) => {
    expect(toSocketMessage(buildEvent(type, { appointment }))).toEqual({
      name: SOCKET_EVENTS.boardChanged,
      payload: { type, appointment },
    });
  });

  it('pushes the ASAP queue as dispatch computed it', () => {
    const queue = [
      {
        appointmentId: 7,
        position: 1,
        customerName: 'Pat Doe',
        priority: 'normal' as const,
        status: 'pending' as const,
        requestedAt: '2026-11-25T15:00:00.000Z',
        technicianId: null,
        technicianName: null,
        estimatedWaitMinutes: null,
        estimatedArrivalAt: null,
      },
    ];
    expect(toSocketMessage(buildEvent('dispatch.queue.updated', { queue }))).toEqual({
      name: SOCKET_EVENTS.queueChanged,
      payload: { queue },
    });
  });

  it("pushes a technician's schedule and the dispatch settings", () => {
    const schedule = {
      technicianId: 3,
      weekly: [{ weekday: 3, start: '09:00', end: '17:00' }],
      exceptions: [{ date: '2026-11-26', shifts: [] }],
    };
    expect(toSocketMessage(buildEvent('dispatch.schedule.changed', { schedule }))).toEqual({
      name: SOCKET_EVENTS.scheduleChanged,
      payload: { schedule },
    });
    const settings = { autoDispatch: true };
    expect(toSocketMessage(buildEvent('dispatch.settings.changed', { settings }))).toEqual({
      name: SOCKET_EVENTS.settingsChanged,
      payload: { settings },
    });
  });

  it('shows nothing of what the boards do not draw (a session ended)', () => {
    expect(toSocketMessage(buildEvent('identity.user.sessions-ended', { userId: 3 }))).toBeNull();
  });
});
