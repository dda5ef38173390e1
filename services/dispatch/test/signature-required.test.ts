import { DOOR_RECORD_MESSAGES, ServiceRecordInput } from '@cincy/contracts';
import { TEST_ACTORS, refusal } from '@cincy/platform/testing';
import { useDoorStack } from './door-stack';

// A business that asks every customer served to sign (REQUIRE_SIGNATURE, issue 35).
const stack = useDoorStack({ REQUIRE_SIGNATURE: 'true' });
const { tech } = TEST_ACTORS;

const complete = (record: Partial<ServiceRecordInput>) =>
  stack.rpc.call('dispatch.appointments.complete', {
    record: record as ServiceRecordInput,
    actor: tech,
  });

it("refuses a completion without the customer's signature, and takes it once they signed", async () => {
  const id = 950;
  await stack.book(id, 'Signing Customer');
  await stack.walk(id, ['accepted', 'en_route', 'on_location']);
  await stack.rpc.call('dispatch.battery-tests.record', {
    id,
    actor: tech,
    battery: 'old',
    ratingStandard: 'SAE',
    ratedCca: 600,
    measuredCca: 520,
    voltage: 12.5,
    stateOfHealth: 88,
    decision: 'GOOD',
  } as never);
  const testOnly = { appointmentId: id, customerId: id, serviceCode: 'test_only' as const };
  expect(await refusal(complete(testOnly))).toMatchObject({
    status: 400,
    body: { message: DOOR_RECORD_MESSAGES.signatureNeeded },
  });
  await stack.rpc.call('dispatch.photos.record', {
    id,
    actor: tech,
    kind: 'signature',
    signedBy: 'Signing Customer',
    objectKey: `photos/${id}/signature.png`,
    contentType: 'image/png',
    bytes: 2048,
  } as never);
  expect(await complete(testOnly)).toMatchObject({ appointmentId: id, serviceCode: 'test_only' });
});
