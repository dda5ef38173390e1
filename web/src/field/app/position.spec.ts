import { ApiRequestError } from '../../api/request';
import { lastPositionWhenOffline } from './position';

const at = (latitude: number) => ({ latitude, longitude: -84.5, accuracy: 10 });

describe('lastPositionWhenOffline', () => {
  it('keeps only the last position reported without signal and sends it when back online', async () => {
    const sent: number[] = [];
    let signal = false;
    const target = new EventTarget();
    const report = lastPositionWhenOffline(async (_id, r) => {
      if (!signal) throw new TypeError('Failed to fetch');
      sent.push(r.latitude);
    }, target);
    await expect(report(7, at(39.1))).rejects.toThrow('Failed to fetch');
    await expect(report(7, at(39.2))).rejects.toThrow('Failed to fetch');
    signal = true;
    target.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([39.2]);
    target.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([39.2]); // sent once
  });

  it('does not keep a position the server refused', async () => {
    const sent: number[] = [];
    const target = new EventTarget();
    let refuse = true;
    const report = lastPositionWhenOffline(async (_id, r) => {
      if (refuse) throw new ApiRequestError(403, 'Forbidden', {});
      sent.push(r.latitude);
    }, target);
    await expect(report(7, at(39.1))).rejects.toBeInstanceOf(ApiRequestError);
    refuse = false;
    target.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([]);
  });
});
