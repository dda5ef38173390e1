import {
  BATTERY_TEST_MESSAGES,
  DOOR_RECORD_MESSAGES,
  JobPhoto,
  PHOTO_MESSAGES,
} from '@cincy/contracts';
import { eventually } from '@cincy/platform/testing';
import { ApiClient } from '@cincy/stack';
import { WholeStack, startWholeStack } from './whole-stack';

let stack: WholeStack;

/** A JPEG's segments: the image's, and an Exif one holding where the phone was. */
const segment = (marker: number, payload: string) => {
  const body = Buffer.from(payload, 'latin1');
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
};
const IMAGE = [segment(0xe0, 'JFIF\0'), segment(0xdb, 'quantization tables')];
const SCAN = Buffer.concat([
  segment(0xda, 'scan'),
  Buffer.from('compressed pixels\xff\xd9', 'latin1'),
]);
const SOI = Buffer.from([0xff, 0xd8]);
const PHOTO = Buffer.concat([
  SOI,
  IMAGE[0],
  segment(0xe1, 'Exif\0\0GPS 39.10N 84.51W'),
  IMAGE[1],
  SCAN,
]);
const WITHOUT_EXIF = Buffer.concat([SOI, ...IMAGE, SCAN]);

/** Sends a photo's bytes as the phone does. */
async function upload(
  client: ApiClient,
  id: number,
  query: string,
  body: Buffer,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${stack.base}/api/appointments/${id}/photos?${query}`, {
    method: 'POST',
    headers: { 'Content-Type': 'image/jpeg', Cookie: client.jar.header() ?? '', ...headers },
    body,
  });
  return { status: res.status, body: (await res.json()) as JobPhoto & { message?: string } };
}

async function image(client: ApiClient | null, photoId: number) {
  const res = await fetch(`${stack.base}/api/photos/${photoId}`, {
    headers: client ? { Cookie: client.jar.header() ?? '' } : {},
  });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

/** A job given to `tech` and worked to the car. */
async function atTheCar(tech: ApiClient): Promise<number> {
  const id = (await stack.book()).appointmentId;
  await eventually(async () => (await stack.admin.appointments()).some((a) => a.id === id));
  for (const status of ['accepted', 'en_route', 'on_location'])
    await tech.request('PATCH', `/api/appointments/${id}/status`, { status });
  return id;
}

beforeAll(async () => {
  stack = await startWholeStack();
}, 60_000);

afterAll(() => stack?.stop(), 60_000);

describe('photos taken at the door', () => {
  it("keeps the photo without where it was taken, once per key, shown only to the office and the job's technician", async () => {
    const { client: tess } = await stack.newUser('tess.photo');
    const { client: otto } = await stack.newUser('otto.photo');
    const id = await atTheCar(tess);

    const first = await upload(tess, id, 'kind=label', PHOTO, { 'Idempotency-Key': 'photo-1' });
    expect(first).toMatchObject({
      status: 201,
      body: {
        appointmentId: id,
        kind: 'label',
        contentType: 'image/jpeg',
        bytes: WITHOUT_EXIF.length,
      },
    });
    // Sent again (the phone heard no answer): the same photo, not a second one.
    const again = await upload(tess, id, 'kind=label', PHOTO, { 'Idempotency-Key': 'photo-1' });
    expect(again.body).toEqual(first.body);
    expect(await tess.request('GET', `/api/appointments/${id}/photos`)).toEqual([first.body]);

    const seen = await image(stack.admin, first.body.id);
    expect(seen).toMatchObject({ status: 200, type: 'image/jpeg' });
    expect(seen.bytes.equals(WITHOUT_EXIF)).toBe(true);
    expect(seen.bytes.toString('latin1')).not.toContain('GPS');
    expect((await image(tess, first.body.id)).status).toBe(200);
    expect((await image(otto, first.body.id)).status).toBe(403);
    expect((await image(null, first.body.id)).status).toBe(401);
    expect((await image(stack.admin, 999_999)).status).toBe(404);
  });

  it("refuses what is not a photo, a photo too large, and a job that is not the taker's", async () => {
    const { client: tess } = await stack.newUser('tess.refused');
    const { client: otto } = await stack.newUser('otto.refused');
    const id = await atTheCar(tess);

    const text = await upload(tess, id, 'kind=label', Buffer.from('not a photo at all'));
    expect(text).toMatchObject({ status: 415, body: { message: PHOTO_MESSAGES.notAnImage } });
    const huge = Buffer.concat([PHOTO, Buffer.alloc(20 * 1024 * 1024)]);
    expect(await upload(tess, id, 'kind=label', huge)).toMatchObject({
      status: 413,
      body: { message: PHOTO_MESSAGES.tooLarge },
    });
    expect(await upload(otto, id, 'kind=label', PHOTO)).toMatchObject({
      status: 403,
      body: { message: DOOR_RECORD_MESSAGES.notYourJob },
    });
    expect((await upload(tess, id, 'kind=selfie', PHOTO)).status).toBe(400);
    expect(await upload(tess, id, 'kind=signature', PHOTO)).toMatchObject({
      status: 400,
      body: { message: PHOTO_MESSAGES.signedBy },
    });
    expect((await upload(tess, 999_999, 'kind=old', PHOTO)).status).toBe(404);
    // Nothing of it was recorded.
    expect(await tess.request('GET', `/api/appointments/${id}/photos`)).toEqual([]);
    const signed = await upload(tess, id, 'kind=signature&signedBy=Robin%20Banks', PHOTO);
    expect(signed).toMatchObject({
      status: 201,
      body: { kind: 'signature', signedBy: 'Robin Banks' },
    });
  });

  it("refuses a battery test no tester prints, in the technician's words, and keeps nothing", async () => {
    const { client: tess } = await stack.newUser('tess.volts');
    const id = await atTheCar(tess);
    const res = await fetch(`${stack.base}/api/appointments/${id}/battery-tests`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: tess.jar.header() ?? '' },
      body: JSON.stringify({
        battery: 'old',
        ratingStandard: 'SAE',
        ratedCca: 600,
        measuredCca: 250,
        voltage: 90,
        stateOfHealth: 41,
        decision: 'REPLACE',
      }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      fieldErrors: { voltage: BATTERY_TEST_MESSAGES.voltage },
    });
    expect(await tess.request('GET', `/api/appointments/${id}/battery-tests`)).toEqual([]);
  });

  it("shows a completed visit's photos to its customer by the private link, and by no other", async () => {
    const { client: tess } = await stack.newUser('tess.link');
    const visitor = new ApiClient(stack.base);
    const { appointment } = await visitor.bookAsap({ name: 'Link Customer', phone: '5135557788' });
    const { appointment: other } = await visitor.bookAsap({
      name: 'Other Link',
      phone: '5135557789',
    });
    const id = appointment.id;
    await eventually(async () => (await stack.admin.appointments()).some((a) => a.id === id));
    for (const status of ['accepted', 'en_route', 'on_location'])
      await tess.request('PATCH', `/api/appointments/${id}/status`, { status });
    const photo = (await upload(tess, id, 'kind=label', PHOTO)).body;
    const byLink = (token: unknown) =>
      fetch(`${stack.base}/api/track/${String(token)}/photos/${photo.id}`);

    // Not before the visit is done.
    expect((await byLink(appointment.token)).status).toBe(404);
    await tess.request('POST', '/api/service-records', {
      appointmentId: id,
      customerId: (await stack.admin.appointments()).find((a) => a.id === id)!.customerId,
      serviceCode: 'no_service',
    });
    const view = await visitor.request<{ photos: unknown[] }>(
      'GET',
      `/api/track/${String(appointment.token)}`,
    );
    expect(view.photos).toEqual([{ id: photo.id, kind: 'label' }]);
    const res = await byLink(appointment.token);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    expect(Buffer.from(await res.arrayBuffer()).equals(WITHOUT_EXIF)).toBe(true);
    // Another visit's link opens no photo of this one.
    expect((await byLink(other.token)).status).toBe(404);
  });
});
