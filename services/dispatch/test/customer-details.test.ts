import {
  JetStreamPublisher,
  NatsConnectionHolder,
  RpcClient,
  buildEvent,
  createServiceApp,
} from '@cincy/platform';
import {
  TEST_ACTORS,
  connectTestRpc,
  consumerDrained,
  dropIsolatedStack,
  eventually,
  requestedPayload,
  useIsolatedStack,
  openTestNats,
} from '@cincy/platform/testing';
import { INestMicroservice } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { dispatchService } from '../src/app.module';
import { DELETED_CUSTOMER } from '../src/board/customer-details.service';

const testStack = useIsolatedStack();

let dispatch: INestMicroservice;
let rpc: RpcClient;
let nats: NatsConnectionHolder;

beforeAll(async () => {
  nats = await openTestNats(testStack.prefix);
  dispatch = await createServiceApp(dispatchService);
  rpc = await connectTestRpc(testStack.prefix);
});

afterAll(async () => {
  await dispatch.close();
  await rpc.close();
  await nats.close();
  await dropIsolatedStack(testStack);
});

const publish = (event: ReturnType<typeof buildEvent>) =>
  new JetStreamPublisher(nats).publish(event);
const jobOf = async (id: number) =>
  (await rpc.call('dispatch.appointments.list', {})).find((a) => a.id === id);
/** Booking's request for job `id` of customer `customerId`, as the board hears of it. */
const book = (id: number, name: string, customerId: number) =>
  publish(buildEvent('booking.appointment.requested', requestedPayload(id, name, { customerId })));

/** A deleted customer's job, as the board shows it. */
const erased = {
  status: 'declined',
  customer: { name: DELETED_CUSTOMER.name, phone: '' },
  location: DELETED_CUSTOMER.location,
  customerLocation: null,
  vehicle: null,
  notes: null,
};

describe("customers' details on the board (dispatch)", () => {
  it("follows an edit of the customer's name and phone on their jobs", async () => {
    await book(31, 'Old Name', 5);
    await eventually(async () => !!(await jobOf(31)));
    await publish(
      buildEvent('booking.customer.updated', {
        customer: { id: 5, name: 'New Name', phone: '(859) 555-0001', email: null },
      }),
    );
    await eventually(async () => (await jobOf(31))?.customer.name === 'New Name');
    expect(await jobOf(31)).toMatchObject({
      customer: { phone: '(859) 555-0001' },
      version: 2,
      status: 'pending',
    });
  });

  it("removes a deleted customer's personal data from every job and declines the open ones", async () => {
    await book(41, 'Gone Soon', 6);
    await book(42, 'Gone Soon', 6);
    await eventually(async () => !!(await jobOf(42)));
    await rpc.call('dispatch.appointments.change-status', {
      id: 42,
      status: 'accepted',
      actor: TEST_ACTORS.tech,
    });

    await publish(buildEvent('booking.customer.deleted', { customerId: 6 }));
    await consumerDrained(nats, 'dispatch-customers');
    for (const id of [41, 42]) {
      expect(await jobOf(id)).toMatchObject({
        status: 'declined',
        customer: { name: DELETED_CUSTOMER.name, phone: '' },
        location: DELETED_CUSTOMER.location,
        customerLocation: null,
        vehicle: null,
        notes: null,
      });
    }
    // The technician's job ended with it: they may take another.
    await book(43, 'Next One', 7);
    await eventually(async () => !!(await jobOf(43)));
    await expect(
      rpc.call('dispatch.appointments.change-status', {
        id: 43,
        status: 'accepted',
        actor: TEST_ACTORS.tech,
      }),
    ).resolves.toMatchObject({ status: 'accepted' });
  });

  it('erases a job that reaches the board after its customer was deleted', async () => {
    // Two consumers: the deletion may be applied before the booking it follows.
    await publish(buildEvent('booking.customer.deleted', { customerId: 8 }));
    await consumerDrained(nats, 'dispatch-customers');
    await book(51, 'Booked Then Gone', 8);
    await eventually(async () => !!(await jobOf(51)));
    expect(await jobOf(51)).toMatchObject(erased);
    // Not even the board's first word of it, to staff screens and phones, names them.
    const announced: { payload: { appointment: { customer: { name: string } } } }[] = await dispatch
      .get(DataSource)
      .query(
        `SELECT payload FROM outbox WHERE type = 'dispatch.appointment.opened'
           AND (payload->'appointment'->>'id')::int = 51`,
      );
    expect(announced.map((e) => e.payload.appointment.customer.name)).toEqual([
      DELETED_CUSTOMER.name,
    ]);
  });

  it('brings no details back with an edit applied after the deletion', async () => {
    await book(61, 'Edited', 9);
    await eventually(async () => !!(await jobOf(61)));
    await publish(buildEvent('booking.customer.deleted', { customerId: 9 }));
    await publish(
      buildEvent('booking.customer.updated', {
        customer: { id: 9, name: 'Edited Late', phone: '(859) 555-0009', email: null },
      }),
    );
    await consumerDrained(nats, 'dispatch-customers');
    expect(await jobOf(61)).toMatchObject(erased);
  });

  it('keeps nothing of a customer deleted at the same moment as their booking (each of 10)', async () => {
    // Two transactions that meet on no row: each must see the other, whichever commits first.
    const ids = Array.from({ length: 10 }, (_, k) => 700 + k);
    await Promise.all(
      ids.flatMap((id) => [
        publish(buildEvent('booking.customer.deleted', { customerId: id })),
        publish(buildEvent('booking.appointment.requested', requestedPayload(id, 'Rita Race'))),
      ]),
    );
    await consumerDrained(nats, 'dispatch-customers');
    await consumerDrained(nats, 'dispatch-board-requested');
    const jobs = (await rpc.call('dispatch.appointments.list', {})).filter((a) =>
      ids.includes(a.id),
    );
    expect(jobs).toHaveLength(10);
    const kept = jobs.filter(
      (a) =>
        a.customer.name !== DELETED_CUSTOMER.name || a.customer.phone || a.status !== 'declined',
    );
    expect(kept.map((a) => a.id)).toEqual([]);
  });
});
