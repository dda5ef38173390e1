import { LinkedBooking, TrackingFacts } from '@cincy/contracts';
import { RpcCallError, RpcClient } from '@cincy/platform';
import type { PhotoUploads } from '../photos/photo-uploads';
import { TrackingViews } from './tracking-views';

const linked: LinkedBooking = {
  appointmentId: 7,
  reference: 'CB-7K3Q9',
  requestedAt: '2030-06-14T14:30:00.000Z',
  scheduledDate: '2030-06-15',
  scheduledTime: '14:00:00',
};

// No photo is read here: the views' photo store is never reached.
const viewsAnswering = (answer: () => Promise<TrackingFacts>) =>
  new TrackingViews({ call: answer } as unknown as RpcClient, {} as PhotoUploads);

describe('TrackingViews.facts', () => {
  it("reads a visit dispatch has not heard of yet as received, from booking's side", async () => {
    const views = viewsAnswering(() =>
      Promise.reject(
        new RpcCallError(404, { code: 'NOT_FOUND', message: 'Appointment not found' }),
      ),
    );
    const { state, technicianId, destination } = await views.facts(linked);
    expect(state).toMatchObject({
      status: 'pending',
      technician: null,
      position: null,
      scheduledDate: '2030-06-15',
      scheduledTime: '14:00:00',
      canCancel: true,
      canReschedule: true,
    });
    expect(state.timeline[0]).toMatchObject({
      step: 'received',
      reached: true,
      at: linked.requestedAt,
    });
    expect([technicianId, destination]).toEqual([null, null]);
  });

  it('passes on any other failure (dispatch down is not "received")', async () => {
    const down = new RpcCallError(503, { code: 'SERVICE_UNAVAILABLE', message: 'down' });
    await expect(viewsAnswering(() => Promise.reject(down)).facts(linked)).rejects.toBe(down);
  });
});
