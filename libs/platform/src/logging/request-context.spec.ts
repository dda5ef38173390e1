import {
  actorIdFrom,
  currentActorId,
  currentCorrelationId,
  runWithContext,
  setCurrentActor,
} from './request-context';

describe('the request context', () => {
  it('takes a user id from a header only when it is one', () => {
    expect(actorIdFrom('42')).toBe(42);
    expect(actorIdFrom('2147483647')).toBe(2147483647);
    for (const bad of ['', '0', '-1', '4.2', '042', '2147483648', '12a', ' 7', undefined, 7])
      expect(actorIdFrom(bad)).toBeNull();
  });

  it('names the actor once the session is known, for the rest of that request only', async () => {
    await runWithContext({ correlationId: 'one' }, async () => {
      expect(currentActorId()).toBeNull();
      setCurrentActor(12);
      await Promise.resolve();
      expect(currentActorId()).toBe(12);
      expect(currentCorrelationId()).toBe('one');
    });
    await runWithContext({ correlationId: 'two' }, async () => expect(currentActorId()).toBeNull());
    setCurrentActor(5); // outside any request: nobody to name
    expect(currentActorId()).toBeNull();
  });
});
