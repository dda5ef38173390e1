import { Actor, DOOR_RECORD_MESSAGES, ServiceRecordInput } from '@cincy/contracts';
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
  dropIsolatedStack,
  eventually,
  openTestNats,
  refusal,
  requestedPayload,
  useIsolatedStack,
} from '@cincy/platform/testing';
import { INestMicroservice } from '@nestjs/common';
import { inventoryService } from '../../inventory/src/app.module';
import { dispatchService } from '../src/app.module';

// A business that asks every customer served to sign (REQUIRE_SIGNATURE, issue 35).
const testStack = useIsolatedStack();
const { tech } = TEST_ACTORS;

let dispatch: INestMicroservice;
let inventory: INestMicroservice;
let rpc: RpcClient;
let nats: NatsConnectionHolder;

const move = (id: number, status: 'accepted' | 'en_route' | 'on_location', actor: Actor = tech) =>
  rpc.call('dispatch.appointments.change-status', { id, status, actor });
const complete = (record: Partial<ServiceRecordInput>) =>
  rpc.call('dispatch.appointments.complete', { record: record as ServiceRecordInput, actor: tech });

beforeAll(async () => {
  process.env.REQUIRE_SIGNATURE = 'true';
  nats = await openTestNats(testStack.prefix);
  dispatch = await createServiceApp(dispatchService);
  inventory = await createServiceApp(inventoryService);
  rpc = await connectTestRpc(testStack.prefix);
});

afterAll(async () => {
  delete process.env.REQUIRE_SIGNATURE;
  await inventory?.close();
  await dispatch?.close();
  await rpc.close();
  await nats.close();
  await dropIsolatedStack(testStack);
});

it("refuses a completion without the customer's signature, and takes it once they signed", async () => {
  const id = 950;
  await new JetStreamPublisher(nats).publish(
    buildEvent('booking.appointment.requested', requestedPayload(id, 'Signing Customer')),
  );
  await eventually(async () =>
    (await rpc.call('dispatch.appointments.list', {})).some((a) => a.id === id),
  );
  for (const status of ['accepted', 'en_route', 'on_location'] as const) await move(id, status);
  await rpc.call('dispatch.battery-tests.record', {
    id,
    actor: tech,
    battery: 'old',
    ratingStandard: 'SAE',
    ratedCca: 600,
    measuredCca: 520,
    voltage: 12.5,
    stateOfHealth: 88,
    decision: 'GOOD',
  } as never);
  const testOnly = { appointmentId: id, customerId: id, serviceCode: 'test_only' as const };
  expect(await refusal(complete(testOnly))).toMatchObject({
    status: 400,
    body: { message: DOOR_RECORD_MESSAGES.signatureNeeded },
  });
  await rpc.call('dispatch.photos.record', {
    id,
    actor: tech,
    kind: 'signature',
    signedBy: 'Signing Customer',
    objectKey: `photos/${id}/signature.png`,
    contentType: 'image/png',
    bytes: 2048,
  } as never);
  expect(await complete(testOnly)).toMatchObject({ appointmentId: id, serviceCode: 'test_only' });
});
