import { getEventListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { DemoDay } from './demo-day';

describe('DemoDay.keepTeamOnline', () => {
  it('leaves at most one abort listener on the signal however many rounds it has run', async () => {
    const day = new DemoDay('http://127.0.0.1:9'); // no team signed in: a round asks nothing
    const reported = jest.spyOn(day, 'reportPositions');
    const stop = new AbortController();
    const online = day.keepTeamOnline(stop.signal, 2);
    while (reported.mock.calls.length < 20) await sleep(5);
    expect(getEventListeners(stop.signal, 'abort').length).toBeLessThanOrEqual(1);
    stop.abort();
    await online;
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0);
  });

  it('stops at once when the signal aborts mid-wait', async () => {
    const day = new DemoDay('http://127.0.0.1:9');
    const reported = jest.spyOn(day, 'reportPositions');
    const stop = new AbortController();
    const online = day.keepTeamOnline(stop.signal, 60_000);
    stop.abort();
    await online;
    expect(reported).not.toHaveBeenCalled();
  });
});
