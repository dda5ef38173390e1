import type { AddressInfo } from 'node:net';
import {
  ServiceName,
  TechnicianSchedule,
  User,
  businessDate,
  businessInstant,
} from '@cincy/contracts';
import { createServiceApp } from '@cincy/platform';
import { dropIsolatedStack, eventually, useIsolatedStack } from '@cincy/platform/testing';
import { ApiClient, ApiError, startLocalObjectStore, startPaymentProvider } from '@cincy/stack';
import type { INestApplication, INestMicroservice } from '@nestjs/common';
import { Socket, io } from 'socket.io-client';
// The whole back office in one process: these tests are about the gateway's routes over the real services.
import { billingService } from '../../billing/src/app.module';
import { bookingService } from '../../booking/src/app.module';
import { dispatchService } from '../../dispatch/src/app.module';
import { identityService } from '../../identity/src/app.module';
import { inventoryService } from '../../inventory/src/app.module';
import { notifyService } from '../../notify/src/app.module';
import { createGatewayApp } from '../src/http-app';

export const ADMIN = { username: 'admin', password: 'admin password 1' };
export const SUPERVISOR_USERNAME = 'Lead.Tech';
export const STAFF_PASSWORD = 'field work 1';

/** The status of a call: 200 when it succeeds, the answer's status when it fails. */
export const statusOf = (call: Promise<unknown>) =>
  call.then(
    () => 200,
    (e: unknown) => (e instanceof ApiError ? e.status : Promise.reject(e)),
  );

const SERVICE_DEFINITIONS = [
  identityService,
  bookingService,
  dispatchService,
  inventoryService,
  notifyService,
  billingService,
] as const;

export interface Heard {
  name: string;
  payload: unknown;
}

/**
 * Starts identity, booking, dispatch, inventory, notify, billing and the gateway in this process, on a
 * database and NATS prefix of the test file's own; booking's clock at noon today; messages to the
 * development sink. Call in beforeAll, and `stop()` in afterAll.
 */
export async function startWholeStack(env: Record<string, string> = {}) {
  const stack = useIsolatedStack();
  const objectStore = await startLocalObjectStore(true);
  // Card payments through the SDK to a local server that speaks Stripe's API.
  const payments = await startPaymentProvider();
  Object.assign(process.env, objectStore.env, payments.env, {
    SEED_ADMIN_USERNAME: ADMIN.username,
    SEED_ADMIN_PASSWORD: ADMIN.password,
    SUPERVISOR_USERNAME,
    BOOKING_RATE_LIMIT: '0',
    SLOT_CAPACITY: '50',
    BOOKING_FIXED_NOW: businessInstant(businessDate(), 12).toISOString(),
    ...env,
  });
  delete process.env.GEOCODER_URL;
  // No provider: every message goes to the sink, and none leaves the machine.
  delete process.env.SMTP_URL;
  delete process.env.SMS_URL;

  const services: INestMicroservice[] = [];
  for (const service of SERVICE_DEFINITIONS) {
    services.push(await createServiceApp(service));
  }
  const gateway: INestApplication = await createGatewayApp();
  await gateway.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(gateway.getHttpServer().address() as AddressInfo).port}`;
  payments.webhookTo(base);

  const signIn = async (username: string, password = STAFF_PASSWORD) => {
    const client = new ApiClient(base);
    await client.login(username, password);
    return client;
  };
  const admin = await signIn(ADMIN.username, ADMIN.password);
  let visitorSeq = 0;

  return {
    base,
    admin,
    /** The card payment provider: its checkout pages pay through signed webhooks. */
    payments,
    /** The gateway app itself, to look at one of its providers. */
    gateway,
    signIn,
    /** Method and OpenAPI-style path of every /api route express serves (`GET /api/users/{id}`). */
    routes: () => servedRoutes(gateway),
    /** The running service of that name, e.g. to seed its database. */
    service: (name: ServiceName) => services[SERVICE_DEFINITIONS.findIndex((s) => s.name === name)],

    /** A user made by the admin through POST /api/users, and a signed-in client of theirs. */
    async newUser(username: string, role: User['role'] = 'technician') {
      const user = await admin.request<User>('POST', '/api/users', {
        username,
        name: `Staff ${username}`,
        role,
        password: STAFF_PASSWORD,
        employeeId: null,
        status: 'available',
        zipCode: null,
      });
      // Dispatch keeps its copy of the technicians from identity's events: assigning one, or
      // setting their shifts, waits until it has heard of this one.
      if (role === 'technician')
        await eventually(async () =>
          (await admin.request<TechnicianSchedule[]>('GET', '/api/schedules')).some(
            (s) => s.technicianId === user.id,
          ),
        );
      return { user, client: await signIn(username) };
    },

    /** An ASAP booking by a visitor, waited for until it is on the board. */
    async book(visitor?: { name: string; phone: string }) {
      visitorSeq += 1;
      const { customer, appointment } = await new ApiClient(base).bookAsap(
        visitor ?? {
          name: `Stack Customer ${visitorSeq}`,
          phone: `5135551${String(visitorSeq).padStart(3, '0')}`,
        },
      );
      await eventually(async () =>
        (await admin.appointments()).some((a) => a.id === appointment.id),
      );
      return { customerId: customer.id, appointmentId: appointment.id };
    },

    /** A staff browser's socket, remembering every push. */
    listen(client: ApiClient): Promise<{ socket: Socket; heard: Heard[] }> {
      const heard: Heard[] = [];
      const socket = io(base, {
        path: '/socket.io',
        transports: ['websocket'],
        extraHeaders: { Cookie: client.jar.header() ?? '' },
        reconnection: false,
      });
      socket.onAny((name: string, payload: unknown) => heard.push({ name, payload }));
      return new Promise((resolve, reject) => {
        socket.once('connect', () => resolve({ socket, heard }));
        socket.once('connect_error', reject);
      });
    },

    async stop() {
      await gateway.close();
      for (const service of services) await service.close();
      await objectStore.stop();
      await payments.stop();
      await dropIsolatedStack(stack);
    },
  };
}

/** Method and path of every route express actually serves under /api, read off its router. */
export function servedRoutes(app: INestApplication): { method: string; path: string }[] {
  const router = app.getHttpAdapter().getInstance().router as {
    stack: { route?: { path: string; methods: Record<string, boolean> } }[];
  };
  return router.stack
    .filter((layer) => layer.route?.path.startsWith('/api/'))
    .flatMap((layer) =>
      Object.keys(layer.route!.methods).map((method) => ({
        method: method.toUpperCase(),
        path: layer.route!.path,
      })),
    );
}

export type WholeStack = Awaited<ReturnType<typeof startWholeStack>>;
