import {
  DashboardAppointment,
  DayView,
  DispatchSettings,
  QueueEntry,
  SOCKET_EVENTS,
  SocketPayloads,
  Suggestion,
  TechnicianSchedule,
  addDays,
  bookedHourLabel,
  businessDate,
} from '@cincy/contracts';
import { eventually } from '@cincy/platform/testing';
import { ApiClient, ApiError } from '@cincy/stack';
import { Heard, WholeStack, startWholeStack, statusOf } from './whole-stack';

// The dispatcher's routes through the gateway, on the whole stack: shifts, assignment, the queue,
// the settings and the day, and the pushes that keep every board in step.

let stack: WholeStack;
let admin: ApiClient;

beforeAll(async () => {
  stack = await startWholeStack();
  admin = stack.admin;
}, 60_000);

afterAll(() => stack?.stop(), 60_000);

/** On shift around the clock: whenever the test runs, and at booking's noon. */
const ALL_DAY = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '24:00' }));

const pushed = <K extends keyof SocketPayloads>(heard: Heard[], name: K) =>
  heard.filter((h) => h.name === name).map((h) => h.payload as SocketPayloads[K]);

describe('dispatching through the gateway', () => {
  it("keeps a technician's shifts, and pushes each change", async () => {
    const { user: tech, client } = await stack.newUser('shifty');
    const { socket, heard } = await stack.listen(admin);

    const saved = await admin.request<TechnicianSchedule>(
      'PUT',
      `/api/schedules/${tech.id}/weekly`,
      { shifts: ALL_DAY },
    );
    expect(saved).toMatchObject({ technicianId: tech.id, onShiftNow: true });
    expect(saved.weekly).toHaveLength(7);

    const nextWeek = addDays(businessDate(), 7);
    const dayOff = await admin.request<TechnicianSchedule>(
      'PUT',
      `/api/schedules/${tech.id}/dates/${nextWeek}`,
      { shifts: [] },
    );
    expect(dayOff.exceptions).toEqual([{ date: nextWeek, shifts: [] }]);
    const cleared = await admin.request<TechnicianSchedule>(
      'DELETE',
      `/api/schedules/${tech.id}/dates/${nextWeek}`,
    );
    expect(cleared.exceptions).toEqual([]);

    const all = await admin.request<TechnicianSchedule[]>('GET', '/api/schedules');
    expect(all.find((s) => s.technicianId === tech.id)).toMatchObject({ onShiftNow: true });
    await eventually(async () =>
      pushed(heard, SOCKET_EVENTS.scheduleChanged).some(
        (p) => p.schedule.technicianId === tech.id && p.schedule.exceptions.length === 0,
      ),
    );

    // The technician ends the day from their phone: off shift now, and the boards hear it.
    const off = await client.request<TechnicianSchedule>('POST', '/api/schedules/me/off-shift');
    expect(off).toMatchObject({ technicianId: tech.id, onShiftNow: false });
    // An admin works no shifts to end.
    expect(await statusOf(admin.request('POST', '/api/schedules/me/off-shift'))).toBe(403);
    await eventually(async () =>
      pushed(heard, SOCKET_EVENTS.scheduleChanged).some(
        (p) =>
          p.schedule.technicianId === tech.id &&
          p.schedule.exceptions.some((e) => e.date === businessDate()),
      ),
    );
    socket.close();
  });

  it('assigns, hands back and unassigns a job, ranks who could go, and queues it', async () => {
    const { user: tech, client } = await stack.newUser('asha');
    await admin.request('PUT', `/api/schedules/${tech.id}/weekly`, { shifts: ALL_DAY });
    const { socket, heard } = await stack.listen(admin);
    const { appointmentId: id } = await stack.book();

    const queue = await eventually(async () => {
      const entries = await admin.request<QueueEntry[]>('GET', '/api/queue');
      return entries.some((e) => e.appointmentId === id) && entries;
    });
    expect(queue.find((e) => e.appointmentId === id)).toMatchObject({ status: 'pending' });
    await eventually(async () =>
      pushed(heard, SOCKET_EVENTS.queueChanged).some((p) =>
        p.queue.some((e) => e.appointmentId === id),
      ),
    );

    const suggestions = await eventually(async () => {
      const list = await admin.request<Suggestion[]>('GET', `/api/appointments/${id}/suggestions`);
      return list.some((s) => s.technicianId === tech.id) && list;
    });
    expect(suggestions.find((s) => s.technicianId === tech.id)).toMatchObject({
      name: 'Staff asha',
    });

    const seen = (await admin.appointments()).find((a) => a.id === id)!;
    const assigned = await admin.request<DashboardAppointment>(
      'POST',
      `/api/appointments/${id}/assign`,
      { technicianId: tech.id, version: seen.version },
    );
    expect(assigned).toMatchObject({ status: 'assigned', technicianId: tech.id });
    // Another dispatcher still holding the old version is told, not obeyed.
    expect(
      await statusOf(
        admin.request('POST', `/api/appointments/${id}/assign`, {
          technicianId: tech.id,
          version: seen.version,
        }),
      ),
    ).toBe(409);

    const handedBack = await client.request<DashboardAppointment>(
      'POST',
      `/api/appointments/${id}/hand-back`,
      { reason: 'Van will not start' },
    );
    expect(handedBack).toMatchObject({
      status: 'pending',
      technicianId: null,
      handBack: { reason: 'Van will not start' },
    });

    await admin.request('POST', `/api/appointments/${id}/assign`, { technicianId: tech.id });
    const unassigned = await admin.request<DashboardAppointment>(
      'DELETE',
      `/api/appointments/${id}/assign`,
    );
    expect(unassigned).toMatchObject({ status: 'pending', technicianId: null });

    await eventually(async () => {
      const types = pushed(heard, SOCKET_EVENTS.boardChanged)
        .filter((p) => p.appointment.id === id)
        .map((p) => p.type);
      return (
        types.includes('dispatch.appointment.assigned') &&
        types.includes('dispatch.appointment.unassigned')
      );
    });
    socket.close();

    const day = await admin.request<DayView>('GET', `/api/dispatch/day?date=${businessDate()}`);
    expect(day.rows.some((r) => r.technicianId === tech.id)).toBe(true);
    expect(day.unassigned.some((j) => j.id === id)).toBe(true);
  });

  it("never sends a technician another technician's customers' phone numbers: the board, its pushes, a customer's new number", async () => {
    const { user: ana, client: anaApi } = await stack.newUser('ana');
    const { user: bo, client: boApi } = await stack.newUser('bo');
    const [anaSocket, boSocket] = await Promise.all([stack.listen(anaApi), stack.listen(boApi)]);
    const pool = await stack.book({ name: 'Pool Customer', phone: '5135550161' });
    const anas = await stack.book({ name: 'Ana Customer', phone: '5135550162' });
    const bos = await stack.book({ name: 'Bo Customer', phone: '5135550163' });
    await admin.request('POST', `/api/appointments/${anas.appointmentId}/assign`, {
      technicianId: ana.id,
    });
    await admin.request('POST', `/api/appointments/${bos.appointmentId}/assign`, {
      technicianId: bo.id,
    });
    await boApi.request('PATCH', `/api/appointments/${bos.appointmentId}/status`, {
      status: 'accepted',
    });
    const ids = [pool, anas, bos].map((b) => b.appointmentId);
    const phonesIn = (board: DashboardAppointment[]) =>
      ids.map((id) => board.find((a) => a.id === id)?.customer.phone);

    expect(phonesIn(await admin.appointments())).toEqual([
      '5135550161',
      '5135550162',
      '5135550163',
    ]);
    expect(phonesIn(await anaApi.appointments())).toEqual(['5135550161', '5135550162', '']);
    expect(phonesIn(await boApi.appointments())).toEqual(['5135550161', '', '5135550163']);

    // Bo's customer gets a new number: Bo's phone hears it, Ana's does not.
    await admin.request('PATCH', `/api/customers/${bos.customerId}`, {
      name: 'Bo Customer',
      phone: '5135550199',
      email: null,
    });
    const updated = (heard: Heard[]) =>
      pushed(heard, SOCKET_EVENTS.boardChanged).filter(
        (p) => p.appointment.id === bos.appointmentId && p.type === 'dispatch.appointment.updated',
      );
    await eventually(
      async () => updated(boSocket.heard).length > 0 && updated(anaSocket.heard).length > 0,
    );
    expect(updated(boSocket.heard).map((p) => p.appointment.customer.phone)).toEqual([
      '5135550199',
    ]);
    expect(updated(anaSocket.heard).map((p) => p.appointment.customer.phone)).toEqual(['']);
    // Nothing Ana heard of Bo's or anyone else's job carried its phone; the pool's did.
    for (const p of pushed(anaSocket.heard, SOCKET_EVENTS.boardChanged)) {
      const theirs = p.appointment.technicianId !== null && p.appointment.technicianId !== ana.id;
      if (theirs) expect(p.appointment.customer.phone).toBe('');
    }
    expect(
      pushed(anaSocket.heard, SOCKET_EVENTS.boardChanged).some(
        (p) => p.appointment.id === pool.appointmentId && p.appointment.customer.phone !== '',
      ),
    ).toBe(true);
    for (const { socket } of [anaSocket, boSocket]) socket.close();
  });

  it('lets a technician accept a visit of another day ahead, not set out for it (409 saying when)', async () => {
    const { user: tech, client } = await stack.newUser('early');
    await admin.request('PUT', `/api/schedules/${tech.id}/weekly`, { shifts: ALL_DAY });
    const customer = await admin.request<{ id: number }>('POST', '/api/customers', {
      name: 'Tomorrow Customer',
      phone: '5135550177',
      email: null,
    });
    const tomorrow = addDays(businessDate(), 1);
    const visit = await admin.request<{ id: number }>('POST', '/api/appointments', {
      customerId: customer.id,
      location: '1 Main St, Cincinnati, OH 45202',
      scheduledDate: tomorrow,
      scheduledTime: '10:00:00',
    });
    await eventually(async () => (await admin.appointments()).some((a) => a.id === visit.id));
    await client.request('PATCH', `/api/appointments/${visit.id}/status`, { status: 'accepted' });
    const refused = await client
      .request('PATCH', `/api/appointments/${visit.id}/status`, { status: 'en_route' })
      .then(
        () => null,
        (error: unknown) => error as ApiError,
      );
    expect(refused?.status).toBe(409);
    expect(JSON.parse(refused!.body).message).toBe(
      `This visit is on ${bookedHourLabel(tomorrow, '10:00:00')}. Set out on that day.`,
    );
  });

  it('lets an admin switch auto-dispatch, and every board read and hear it', async () => {
    const { client: tech } = await stack.newUser('otto');
    const { socket, heard } = await stack.listen(tech);
    expect(await tech.request<DispatchSettings>('GET', '/api/dispatch/settings')).toEqual({
      autoDispatch: false,
    });
    expect(
      await statusOf(tech.request('PUT', '/api/dispatch/settings', { autoDispatch: true })),
    ).toBe(403);
    expect(
      await admin.request<DispatchSettings>('PUT', '/api/dispatch/settings', {
        autoDispatch: true,
      }),
    ).toEqual({ autoDispatch: true });
    expect(await tech.request('GET', '/api/dispatch/settings')).toEqual({ autoDispatch: true });
    await eventually(async () =>
      pushed(heard, SOCKET_EVENTS.settingsChanged).some((p) => p.settings.autoDispatch),
    );
    socket.close();
    await admin.request('PUT', '/api/dispatch/settings', { autoDispatch: false });
  });
});
