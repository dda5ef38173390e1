import { ARRIVAL_MESSAGES, Actor } from '@cincy/contracts';
import { TEST_ACTORS, refusal } from '@cincy/platform/testing';
import { useDoorStack } from './door-stack';

// Proof of arrival (REQUIRE_ARRIVAL_CODE, issue 35): the customer's code, typed at the door.
const stack = useDoorStack({ REQUIRE_ARRIVAL_CODE: 'true' });
const { tech, otherTech, admin } = TEST_ACTORS;
const thirdTech: Actor = { id: 9, name: 'Theo Third', username: 'theo', role: 'technician' };

const arrive = (id: number, actor: Actor, arrivalCode?: string, idempotencyKey?: string) =>
  stack.move(id, 'on_location', { actor, arrivalCode, idempotencyKey });
const codeOf = async (id: number) =>
  (await stack.rpc.call('dispatch.tracking.view', { id })).state.arrivalCode;
const jobOf = async (id: number) => (await stack.board()).find((a) => a.id === id);

/** A job booked while the setting is on, with its technician (one job each) on the way. */
async function onTheWay(id: number, actor: Actor) {
  await stack.book(id, `Arrival ${id}`);
  await stack.walk(id, ['accepted', 'en_route'], actor);
}

it("takes the arrival with the customer's code, refusing a wrong one with the tries left", async () => {
  await onTheWay(960, tech);
  const code = await codeOf(960);
  expect(code).toMatch(/^\d{4}$/);
  expect(await jobOf(960)).toMatchObject({ arrivalCheck: 'required' });

  const wrong = code === '0000' ? '1111' : '0000';
  // The same request sent twice (the phone's outbox) is one miss, refused the same way.
  for (let i = 0; i < 2; i++) {
    expect(await refusal(arrive(960, tech, wrong, 'miss-960'))).toMatchObject({
      status: 400,
      body: {
        message: ARRIVAL_MESSAGES.wrong(2),
        fieldErrors: { arrivalCode: ARRIVAL_MESSAGES.wrong(2) },
      },
    });
  }
  expect(await jobOf(960)).toMatchObject({ status: 'en_route', arrivalCheck: 'required' });

  expect(await arrive(960, tech, code!)).toMatchObject({
    status: 'on_location',
    arrivalCheck: 'confirmed',
  });
  // Once the technician is there the code has done its work: the page no longer shows it.
  expect(await codeOf(960)).toBeNull();
});

it('lets the arrival through after three wrong codes, flagged to the dispatcher', async () => {
  await onTheWay(961, otherTech);
  const wrong = (await codeOf(961)) === '0000' ? '1111' : '0000';
  await refusal(arrive(961, otherTech, wrong));
  expect((await refusal(arrive(961, otherTech))).body).toMatchObject({
    message: ARRIVAL_MESSAGES.wrong(1),
  });
  expect(await arrive(961, otherTech, wrong)).toMatchObject({
    status: 'on_location',
    arrivalCheck: 'unconfirmed',
  });
});

it('does not ask office staff marking the arrival for a technician', async () => {
  await onTheWay(962, thirdTech);
  expect(await arrive(962, admin)).toMatchObject({
    status: 'on_location',
    arrivalCheck: 'required',
  });
});
