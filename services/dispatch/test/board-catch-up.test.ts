import { EventEnvelope } from '@cincy/contracts';
import {
  JetStreamPublisher,
  NatsConnectionHolder,
  RpcClient,
  buildEvent,
  createServiceApp,
  eventCodec,
} from '@cincy/platform';
import {
  connectTestRpc,
  dropIsolatedStack,
  eventually,
  requestedPayload,
  useIsolatedStack,
  openTestNats,
} from '@cincy/platform/testing';
import { INestMicroservice } from '@nestjs/common';
import { dispatchService } from '../src/app.module';

const testStack = useIsolatedStack();

const requested = (appointmentId: number, name: string) =>
  buildEvent('booking.appointment.requested', requestedPayload(appointmentId, name));

let nats: NatsConnectionHolder;
let rpc: RpcClient;
let dispatch: INestMicroservice | undefined;

const board = () => rpc.call('dispatch.appointments.list', {});
const openedEvents = async () => {
  const subject = nats.names.event('dispatch.appointment.opened');
  const info = await nats.manager.streams.info(nats.names.stream, { subjects_filter: subject });
  return info.state.subjects?.[subject] ?? 0;
};

beforeAll(async () => {
  nats = await openTestNats(testStack.prefix);
  rpc = await connectTestRpc(testStack.prefix);
});

afterAll(async () => {
  await dispatch?.close();
  await rpc.close();
  await nats.close();
  await dropIsolatedStack(testStack);
});

describe('dispatch board from booking events', () => {
  it("shows a requested appointment in the spec's dashboard shape and announces it once", async () => {
    dispatch = await createServiceApp(dispatchService);
    const event = requested(101, 'Jane Doe');
    const publisher = new JetStreamPublisher(nats);
    await publisher.publish(event);
    // The same event again, as a relay outside JetStream's dedupe window would send it.
    await nats.jetstream.publish(
      nats.names.event(event.type),
      eventCodec.encode(event as EventEnvelope),
      {
        msgID: 'repeat-101',
      },
    );

    const list = await eventually(async () => {
      const answer = await board();
      return answer.length === 1 && answer;
    });
    expect(list[0]).toMatchObject({
      id: 101,
      status: 'pending',
      customer: { name: 'Jane Doe', phone: '(513) 555-0100' },
      location: '1 Main St, Cincinnati, Ohio 45202',
      customerLocation: { lat: 39.1, lng: -84.51 },
      technician: null,
      vehicle: '2019 Toyota Camry (Blue)',
      notes: 'Gate code 12',
    });
    await eventually(async () => (await openedEvents()) === 1);
    await new Promise((r) => setTimeout(r, 300)); // give a wrong second apply the time to show
    expect(await board()).toHaveLength(1);
    expect(await openedEvents()).toBe(1);
  });

  it('catches up on an event published while it was stopped', async () => {
    await dispatch!.close();
    dispatch = undefined;
    await new JetStreamPublisher(nats).publish(requested(102, 'Sam While-Down'));
    await expect(board()).rejects.toMatchObject({ status: 503 });

    dispatch = await createServiceApp(dispatchService);
    const list = await eventually(async () => {
      const answer = await board();
      return answer.some((a) => a.id === 102) && answer;
    });
    expect(list.map((a) => a.customer.name)).toEqual(['Jane Doe', 'Sam While-Down']);
  });
});
