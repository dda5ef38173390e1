import { ARRIVAL_MESSAGES, Actor } from '@cincy/contracts';
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
import { dispatchService } from '../src/app.module';

// Proof of arrival (REQUIRE_ARRIVAL_CODE, issue 35): the customer's code, typed at the door.
const testStack = useIsolatedStack();
const { tech, otherTech, admin } = TEST_ACTORS;
const thirdTech: Actor = { id: 9, name: 'Theo Third', username: 'theo', role: 'technician' };

let dispatch: INestMicroservice;
let rpc: RpcClient;
let nats: NatsConnectionHolder;

const move = (
  id: number,
  status: 'accepted' | 'en_route' | 'on_location',
  {
    actor = tech,
    arrivalCode,
    idempotencyKey,
  }: { actor?: Actor; arrivalCode?: string; idempotencyKey?: string } = {},
) =>
  rpc.call('dispatch.appointments.change-status', {
    id,
    status,
    actor,
    arrivalCode,
    idempotencyKey,
  });
const codeOf = async (id: number) =>
  (await rpc.call('dispatch.tracking.view', { id })).state.arrivalCode;
const jobOf = async (id: number) =>
  (await rpc.call('dispatch.appointments.list', {})).find((a) => a.id === id);

/** A job booked while the setting is on, with its technician (one job each) on the way. */
async function onTheWay(id: number, actor: Actor = tech) {
  await new JetStreamPublisher(nats).publish(
    buildEvent('booking.appointment.requested', requestedPayload(id, `Arrival ${id}`)),
  );
  await eventually(async () => (await jobOf(id)) !== undefined);
  await move(id, 'accepted', { actor });
  await move(id, 'en_route', { actor });
}

beforeAll(async () => {
  process.env.REQUIRE_ARRIVAL_CODE = 'true';
  nats = await openTestNats(testStack.prefix);
  dispatch = await createServiceApp(dispatchService);
  rpc = await connectTestRpc(testStack.prefix);
});

afterAll(async () => {
  delete process.env.REQUIRE_ARRIVAL_CODE;
  await dispatch?.close();
  await rpc.close();
  await nats.close();
  await dropIsolatedStack(testStack);
});

it("takes the arrival with the customer's code, refusing a wrong one with the tries left", async () => {
  await onTheWay(960);
  const code = await codeOf(960);
  expect(code).toMatch(/^\d{4}$/);
  expect(await jobOf(960)).toMatchObject({ arrivalCheck: 'required' });

  const wrong = code === '0000' ? '1111' : '0000';
  // The same request sent twice (the phone's outbox) is one miss, refused the same way.
  for (let i = 0; i < 2; i++) {
    expect(
      await refusal(move(960, 'on_location', { arrivalCode: wrong, idempotencyKey: 'miss-960' })),
    ).toMatchObject({
      status: 400,
      body: {
        message: ARRIVAL_MESSAGES.wrong(2),
        fieldErrors: { arrivalCode: ARRIVAL_MESSAGES.wrong(2) },
      },
    });
  }
  expect(await jobOf(960)).toMatchObject({ status: 'en_route', arrivalCheck: 'required' });

  expect(await move(960, 'on_location', { arrivalCode: code! })).toMatchObject({
    status: 'on_location',
    arrivalCheck: 'confirmed',
  });
  // Once the technician is there the code has done its work: the page no longer shows it.
  expect(await codeOf(960)).toBeNull();
});

it('lets the arrival through after three wrong codes, flagged to the dispatcher', async () => {
  await onTheWay(961, otherTech);
  const wrong = (await codeOf(961)) === '0000' ? '1111' : '0000';
  await refusal(move(961, 'on_location', { actor: otherTech, arrivalCode: wrong }));
  expect((await refusal(move(961, 'on_location', { actor: otherTech }))).body).toMatchObject({
    message: ARRIVAL_MESSAGES.wrong(1),
  });
  expect(await move(961, 'on_location', { actor: otherTech, arrivalCode: wrong })).toMatchObject({
    status: 'on_location',
    arrivalCheck: 'unconfirmed',
  });
});

it('does not ask office staff marking the arrival for a technician', async () => {
  await onTheWay(962, thirdTech);
  expect(await move(962, 'on_location', { actor: admin })).toMatchObject({
    status: 'on_location',
    arrivalCheck: 'required',
  });
});
