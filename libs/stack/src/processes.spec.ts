import { instancesOf, parseReplicas } from './processes';

describe('replicas', () => {
  it('reads npm start --replicas', () => {
    expect(parseReplicas('gateway=2, dispatch=3')).toEqual({ gateway: 2, dispatch: 3 });
    expect(parseReplicas('')).toEqual({});
  });

  it('refuses what is not a process or a sensible count, saying why', () => {
    expect(() => parseReplicas('postgres=2')).toThrow(/not <process>=<count>/);
    expect(() => parseReplicas('gateway')).toThrow(/not <process>=<count>/);
    expect(() => parseReplicas('gateway=0')).toThrow(/must be 1 to 8/);
    expect(() => parseReplicas('gateway=9')).toThrow(/must be 1 to 8/);
  });

  it('starts each kind once by default, the gateway last, replicas named from #2', () => {
    expect(instancesOf().map((i) => i.id)).toEqual([
      'identity',
      'booking',
      'dispatch',
      'inventory',
      'notify',
      'billing',
      'gateway',
    ]);
    expect(instancesOf({ gateway: 2, dispatch: 2 }).map((i) => i.id)).toEqual([
      'identity',
      'booking',
      'dispatch',
      'dispatch#2',
      'inventory',
      'notify',
      'billing',
      'gateway',
      'gateway#2',
    ]);
  });
});
