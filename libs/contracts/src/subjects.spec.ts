import { EVENT_TYPES, matchesFilter } from './events';
import { CONSUMERS, ConsumerName, consumerDurables } from './subjects';

const names = Object.keys(CONSUMERS) as ConsumerName[];

describe('consumerDurables', () => {
  it('runs a consumer under its own name with its one filter', () => {
    expect(consumerDurables('inventory-customers')).toEqual([
      { durable: 'inventory-customers', filter: 'booking.customer.>' },
    ]);
    // Ignoring a type does not split a consumer by itself (users must stay in stream order).
    expect(consumerDurables('booking-users')).toEqual([
      { durable: 'booking-users', filter: 'identity.user.>' },
    ]);
  });

  it('gives a perType consumer one durable per type it follows, and none for what it ignores', () => {
    const durables = consumerDurables('booking-appointments');
    expect(durables.map((d) => d.filter).sort()).toEqual(
      EVENT_TYPES.filter(
        (t) => matchesFilter(t, 'dispatch.appointment.>') && t !== 'dispatch.appointment.opened',
      ).sort(),
    );
    expect(durables).toContainEqual({
      durable: 'booking-appointments-accepted',
      filter: 'dispatch.appointment.accepted',
    });
  });

  it('names every durable once, in the characters NATS allows in a durable name', () => {
    const all = names.flatMap((name) => consumerDurables(name).map((d) => d.durable));
    expect(new Set(all).size).toBe(all.length);
    for (const durable of all) expect(durable).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});
