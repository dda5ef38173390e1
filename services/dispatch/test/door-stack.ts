import type { Actor, EventPayload } from '@cincy/contracts';
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
  requestedPayload,
  useIsolatedStack,
} from '@cincy/platform/testing';
import { INestMicroservice } from '@nestjs/common';
// A completion crosses two services: dispatch decides, inventory records and takes the stock.
import { inventoryService } from '../../inventory/src/app.module';
import { dispatchService } from '../src/app.module';

type Step = 'accepted' | 'en_route' | 'on_location';

/**
 * The tests of what happens at the door (issue 35): dispatch and inventory on an isolated database
 * and NATS prefix, with the business's settings in `env`; the test's RPC client, jobs booked as
 * booking announces them, and the technician's steps.
 */
export function useDoorStack(env: Record<string, string> = {}) {
  const testStack = useIsolatedStack();
  let apps: INestMicroservice[] = [];
  let rpc: RpcClient;
  let nats: NatsConnectionHolder;

  beforeAll(async () => {
    Object.assign(process.env, env);
    nats = await openTestNats(testStack.prefix);
    apps = [await createServiceApp(dispatchService), await createServiceApp(inventoryService)];
    rpc = await connectTestRpc(testStack.prefix);
  });

  afterAll(async () => {
    for (const name of Object.keys(env)) delete process.env[name];
    for (const app of apps.reverse()) await app.close();
    await rpc?.close();
    await nats?.close();
    await dropIsolatedStack(testStack);
  });

  const board = () => rpc.call('dispatch.appointments.list', {});
  const move = (
    id: number,
    status: Step,
    sent: { actor?: Actor; arrivalCode?: string; idempotencyKey?: string } = {},
  ) =>
    rpc.call('dispatch.appointments.change-status', {
      id,
      status,
      actor: TEST_ACTORS.tech,
      ...sent,
    });

  return {
    get rpc() {
      return rpc;
    },
    /** Inventory's app (its database, for the stock a completion takes). */
    get inventory() {
      return apps[1];
    },
    board,
    move,
    /** A job booked as booking announces it, once it is on dispatch's board. */
    async book(
      id: number,
      name = `Customer ${id}`,
      overrides: Partial<EventPayload<'booking.appointment.requested'>> = {},
    ) {
      await new JetStreamPublisher(nats).publish(
        buildEvent('booking.appointment.requested', requestedPayload(id, name, overrides)),
      );
      await eventually(async () => (await board()).some((a) => a.id === id));
    },
    /** `actor` takes the job through `steps`, in order. */
    async walk(id: number, steps: readonly Step[], actor: Actor = TEST_ACTORS.tech) {
      for (const status of steps) await move(id, status, { actor });
    },
  };
}
