import { AppLogger } from '@cincy/platform';
import { RoutingClient } from './routing.client';

const CUSTOMER = { lat: 39.1, lng: -84.51 };
const VAN = { lat: 39.2, lng: -84.5 };

function client(answers: (() => Promise<Response>)[]) {
  const warn = jest.fn();
  const fetchMock = jest.fn(() => answers.shift()!());
  global.fetch = fetchMock as unknown as typeof fetch;
  const logger = { warn } as unknown as AppLogger;
  return {
    routing: new RoutingClient({ ROUTING_URL: 'http://osrm:5000/' }, logger),
    warn,
    fetchMock,
  };
}
const ok =
  (durations: (number | null)[][], distances = durations) =>
  () =>
    Promise.resolve(Response.json({ code: 'Ok', durations, distances }));
const status = (code: number) => () => Promise.resolve(new Response('no', { status: code }));

const realFetch = global.fetch;
afterEach(() => {
  global.fetch = realFetch;
});

describe('RoutingClient', () => {
  it("asks OSRM's table service once, sources first, the customer last (lng,lat)", async () => {
    const { routing, fetchMock } = client([ok([[600], [120]], [[9000], [2000]])]);
    const drives = await routing.drives([VAN, CUSTOMER], CUSTOMER);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((fetchMock.mock.calls[0] as unknown[])[0]).toBe(
      'http://osrm:5000/table/v1/driving/-84.5,39.2;-84.51,39.1;-84.51,39.1' +
        '?sources=0;1&destinations=2&annotations=duration,distance',
    );
    expect(drives).toEqual([
      { minutes: 12, km: 9 },
      { minutes: 4, km: 2 },
    ]);
  });

  it('gives no drive on a refusal, another code or a missing cell, warning once until it works again', async () => {
    const { routing, warn } = client([
      status(500),
      () => Promise.resolve(Response.json({ code: 'NoTable' })),
      ok([[null]]),
      ok([[60]]),
      () => Promise.reject(new DOMException('timed out', 'TimeoutError')),
    ]);
    expect(await routing.drives([VAN], CUSTOMER)).toEqual([null]);
    expect(await routing.drives([VAN], CUSTOMER)).toEqual([null]);
    expect(await routing.drives([VAN], CUSTOMER)).toEqual([null]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(await routing.drives([VAN], CUSTOMER)).toEqual([{ minutes: 3, km: 0.06 }]);
    expect(await routing.drives([VAN], CUSTOMER)).toEqual([null]);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('asks nothing without ROUTING_URL', async () => {
    const fetchMock = jest.fn();
    global.fetch = fetchMock as unknown as typeof fetch;
    const routing = new RoutingClient({}, {} as AppLogger);
    expect(routing.enabled).toBe(false);
    expect(await routing.drives([VAN], CUSTOMER)).toEqual([null]);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
