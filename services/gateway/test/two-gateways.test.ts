import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { io } from 'socket.io-client';
import { ApiClient } from '@cincy/stack';
import { createGatewayApp } from '../src/http-app';
import { WholeStack, startWholeStack, statusOf } from './whole-stack';

// Two gateway replicas on one NATS prefix: a session ended on one is gone on the other at once,
// and rate limits count the requests of both.
let stack: WholeStack;
let second: INestApplication;
let secondBase: string;

beforeAll(async () => {
  stack = await startWholeStack();
  second = await createGatewayApp();
  await second.listen(0, '127.0.0.1');
  secondBase = `http://127.0.0.1:${(second.getHttpServer().address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await second?.close();
  await stack?.stop();
}, 60_000);

describe('two gateway replicas', () => {
  it("closes a signed-out browser's socket on the other replica at once, and only that session's", async () => {
    const { client: phone } = await stack.newUser('replica.tech');
    const laptop = await stack.signIn('replica.tech');
    const connect = (client: ApiClient) =>
      new Promise<ReturnType<typeof io>>((resolve, reject) => {
        const socket = io(secondBase, {
          path: '/socket.io',
          transports: ['websocket'],
          extraHeaders: { Cookie: client.jar.header() ?? '' },
          reconnection: false,
        });
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    const phoneSocket = await connect(phone);
    const laptopSocket = await connect(laptop);
    try {
      const closed = new Promise<number>((resolve) =>
        phoneSocket.once('disconnect', () => resolve(Date.now())),
      );
      // Signed out through the first replica; the sockets live on the second.
      const asked = Date.now();
      await phone.request('POST', '/api/auth/logout');
      expect((await closed) - asked).toBeLessThan(2_000);
      expect(laptopSocket.connected).toBe(true);
      // The second replica no longer takes the ended session for its API either.
      const onSecond = new ApiClient(secondBase);
      onSecond.jar.store([`cb_session=${phone.jar.get('cb_session') ?? ''}; Path=/`]);
      expect(await statusOf(onSecond.request('GET', '/api/appointments'))).toBe(401);
    } finally {
      phoneSocket.close();
      laptopSocket.close();
    }
  });

  it('counts wrong passwords on both replicas together: the sixth is refused on either', async () => {
    const { user } = await stack.newUser('replica.guessed');
    const onFirst = new ApiClient(stack.base);
    const onSecond = new ApiClient(secondBase);
    const attempt = (client: ApiClient) =>
      statusOf(
        client.request('POST', '/api/auth/login', {
          username: user.username,
          password: 'not-it-at-all',
        }),
      );
    // 3 + 2: neither replica alone has seen 5.
    for (const client of [onFirst, onSecond, onFirst, onSecond, onFirst]) {
      expect(await attempt(client)).toBe(401);
    }
    await new Promise((resolve) => setTimeout(resolve, 200)); // the broadcasts land
    expect(await attempt(onSecond)).toBe(429);
  });

  // Last: passport keeps one 'local' strategy per process, the newest app's, so a sign-in after
  // this app closed would reach its closed RPC client (one gateway per process in production).
  it('stops with staff sockets connected: they are closed first, and it does not hang', async () => {
    const third = await createGatewayApp();
    await third.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${(third.getHttpServer().address() as AddressInfo).port}`;
    const socket = io(base, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { Cookie: stack.admin.jar.header() ?? '' },
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));
    const started = Date.now();
    await third.close();
    expect(Date.now() - started).toBeLessThan(3_000);
    await disconnected;
  });
});
