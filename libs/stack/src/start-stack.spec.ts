import { serviceEnv } from './start-stack';

const where = {
  databaseUrl: 'postgres://postgres@127.0.0.1:5432/cincy_battery',
  natsUrl: 'nats://127.0.0.1:4222',
  natsPrefix: '',
  ports: [3007, 3008],
  metricsPorts: new Map<string, number>(),
};
const notify = { id: 'notify', name: 'notify', replica: 1 } as const;
const gateway = { id: 'gateway', name: 'gateway', replica: 1 } as const;

describe('serviceEnv', () => {
  it("links messages to the stack's own app (the first gateway's port) when PUBLIC_URL is unset", () => {
    const envFor = serviceEnv({}, { PORT: '3007' }, where);
    expect(envFor(notify).PUBLIC_URL).toBe('http://localhost:3007');
    expect(envFor(notify).PORT).toBeUndefined();
    expect(envFor(gateway).PORT).toBe('3007');
  });

  it("keeps the site's public address when one is set", () => {
    const envFor = serviceEnv({}, { PUBLIC_URL: 'https://cincybattery.com' }, where);
    expect(envFor(notify).PUBLIC_URL).toBe('https://cincybattery.com');
  });
});
