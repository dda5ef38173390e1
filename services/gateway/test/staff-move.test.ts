import {
  AuditPage,
  BOOKING_MESSAGES,
  CreatedAppointment,
  Message,
  SOCKET_EVENTS,
  SocketPayloads,
  TRACKING_MESSAGES,
  bookedHourLabel,
  businessDate,
} from '@cincy/contracts';
import { eventually } from '@cincy/platform/testing';
import { ApiClient, ApiError } from '@cincy/stack';
import { SUPERVISOR_USERNAME, WholeStack, startWholeStack, statusOf } from './whole-stack';

// PATCH /api/appointments/{id}/schedule: staff move a visit through the customer's own reschedule
// (ADR 0099), over the whole stack. Booking's clock is at noon today; quiet hours off, so the
// customer's "Your visit is now ..." goes at once.

let stack: WholeStack;
let seq = 0;

beforeAll(async () => {
  stack = await startWholeStack({ SMS_QUIET_HOURS: 'off' });
}, 90_000);

afterAll(() => stack?.stop(), 60_000);

const today = businessDate();

/** A visitor's booking for 3 PM today (or ASAP), once it is on the board. */
async function book(hour: string | null = '15:00:00') {
  seq += 1;
  const visitor = new ApiClient(stack.base);
  const customer = await visitor.createCustomer({
    name: `Moved Customer${seq}`,
    phone: `5135553${String(seq).padStart(3, '0')}`,
    email: `moved${seq}@example.com`,
  });
  const created = await visitor.request<CreatedAppointment>('POST', '/api/appointments', {
    customerId: customer.id,
    location: '1 Fountain Square, Cincinnati, Ohio 45202',
    vehicle: '2018 Honda Civic',
    preferredTime: hour ? today : 'ASAP',
    scheduledDate: hour ? today : null,
    scheduledTime: hour,
    notes: null,
  });
  await eventually(async () => (await stack.admin.appointments()).some((a) => a.id === created.id));
  return created;
}

const move = (client: ApiClient, id: number, scheduledDate: string, scheduledTime: string) =>
  client.request('PATCH', `/api/appointments/${id}/schedule`, { scheduledDate, scheduledTime });

/** The refusal's status and message. */
const refusal = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (e: unknown) =>
      e instanceof ApiError
        ? { status: e.status, message: (JSON.parse(e.body) as { message: string }).message }
        : null,
  );

describe('a staff move of a visit', () => {
  it('moves the hour: the board follows, the customer is told, the history says so', async () => {
    const visit = await book();
    const { socket, heard } = await stack.listen(stack.admin);
    try {
      expect(await move(stack.admin, visit.id, today, '17:00:00')).toEqual({
        scheduledDate: today,
        scheduledTime: '17:00:00',
        preferredTime: today,
      });
      // The board's copy, and every open board by a push.
      await eventually(async () =>
        (await stack.admin.appointments()).some(
          (a) => a.id === visit.id && a.scheduledTime === '17:00:00',
        ),
      );
      await eventually(async () =>
        heard.some(({ name, payload }) => {
          if (name !== SOCKET_EVENTS.boardChanged) return false;
          const { appointment } = payload as SocketPayloads['board.changed'];
          return appointment.id === visit.id && appointment.scheduledTime === '17:00:00';
        }),
      );
    } finally {
      socket.close();
    }
    // The same message as the customer's own move: "Your visit ... is now ...", text and email.
    const moved = await eventually(async () => {
      const messages = await stack.admin.request<Message[]>(
        'GET',
        `/api/appointments/${visit.id}/messages`,
      );
      const found = messages.filter((m) => m.kind === 'moved');
      return found.length === 2 && found;
    });
    expect(moved.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    const sms = moved.find((m) => m.channel === 'sms')!;
    expect(sms.preview).toContain(`is now ${bookedHourLabel(today, '17:00:00')}`);
    // The History drawer: who moved it, from and to.
    const history = await eventually(async () => {
      const page = await stack.admin.request<AuditPage>(
        'GET',
        `/api/audit?entity=appointment&id=${visit.id}`,
      );
      return page.entries.some((e) => e.action === 'rescheduled') && page.entries;
    });
    expect(history.find((e) => e.action === 'rescheduled')).toMatchObject({
      summary: `Moved from ${bookedHourLabel(today, '15:00:00')} to ${bookedHourLabel(today, '17:00:00')}`,
      actor: { name: expect.not.stringMatching(/^(Customer|System)$/) },
    });
  });

  it('is for admins and the supervisor, not technicians', async () => {
    const visit = await book();
    const { client: tech } = await stack.newUser('mover-tech');
    expect(await statusOf(move(tech, visit.id, today, '18:00:00'))).toBe(403);
    const { client: lead } = await stack.newUser(SUPERVISOR_USERNAME.toLowerCase());
    expect(await statusOf(move(lead, visit.id, today, '18:00:00'))).toBe(200);
  });

  it("refuses what booking's rules refuse, with their messages", async () => {
    const visit = await book();
    // Booking's noon: 10 AM has passed.
    expect(await refusal(move(stack.admin, visit.id, today, '10:00:00'))).toEqual({
      status: 400,
      message: BOOKING_MESSAGES.timeHasPassed,
    });
    expect(await refusal(move(stack.admin, visit.id, today, '15:00:00'))).toEqual({
      status: 409,
      message: TRACKING_MESSAGES.sameHour,
    });
    expect(await statusOf(move(stack.admin, visit.id, 'tomorrow', '15:00:00'))).toBe(400);
    expect(await statusOf(move(stack.admin, 999_999, today, '16:00:00'))).toBe(404);
  });

  it('gives an ASAP request an hour (the customer cannot)', async () => {
    const visit = await book(null);
    await move(stack.admin, visit.id, today, '16:00:00');
    await eventually(async () =>
      (await stack.admin.appointments()).some(
        (a) => a.id === visit.id && a.scheduledDate === today && a.scheduledTime === '16:00:00',
      ),
    );
  });

  it('cancels for the customer, with an optional reason: told, freed, recorded', async () => {
    const visit = await book();
    const { client: tech } = await stack.newUser('canceller-tech');
    const cancel = (client: ApiClient, body: object) =>
      client.request('POST', `/api/appointments/${visit.id}/cancel`, body);
    expect(await statusOf(cancel(tech, {}))).toBe(403);
    expect(await statusOf(cancel(stack.admin, { reason: 42 }))).toBe(400);
    expect(
      await cancel(stack.admin, { reason: 'Called: battery fixed by a neighbour' }),
    ).toMatchObject({
      state: { status: 'cancelled', canCancel: false },
    });
    await eventually(async () =>
      (await stack.admin.appointments()).some((a) => a.id === visit.id && a.status === 'cancelled'),
    );
    expect(await statusOf(cancel(stack.admin, {}))).toBe(409);
    // Closed, so it cannot be moved either.
    expect(await refusal(move(stack.admin, visit.id, today, '18:00:00'))).toMatchObject({
      status: 409,
    });
    const history = await eventually(async () => {
      const page = await stack.admin.request<AuditPage>(
        'GET',
        `/api/audit?entity=appointment&id=${visit.id}`,
      );
      return page.entries.some((e) => e.action === 'cancelled') && page.entries;
    });
    expect(history.find((e) => e.action === 'cancelled')).toMatchObject({
      summary: 'Cancelled by staff',
      actor: { name: expect.not.stringMatching(/^(Customer|System)$/) },
    });
    // The customer hears of it.
    await eventually(async () =>
      (await stack.admin.request<Message[]>('GET', `/api/appointments/${visit.id}/messages`)).some(
        (m) => m.kind === 'cancelled',
      ),
    );
  });
});
