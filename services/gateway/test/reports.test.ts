import { REPORT_MESSAGES, addDays, businessDate, reportSchema } from '@cincy/contracts';
import { eventually } from '@cincy/platform/testing';
import { ApiClient, ApiError } from '@cincy/stack';
import { WholeStack, startWholeStack, statusOf } from './whole-stack';

let stack: WholeStack;

beforeAll(async () => {
  stack = await startWholeStack();
}, 90_000);

afterAll(() => stack?.stop(), 60_000);

const today = businessDate();
const week = `/api/reports?from=${addDays(today, -6)}&to=${today}`;

/** The refusal's status and JSON body. */
async function refusalOf(call: Promise<unknown>) {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  const { status, body } = error as ApiError;
  return { status, body: JSON.parse(body) as { message: string; fieldErrors?: object } };
}

describe('GET /api/reports', () => {
  it("answers an admin the range's figures, a declined job among them", async () => {
    const { appointmentId } = await stack.book();
    await stack.admin.request('PATCH', `/api/appointments/${appointmentId}/decline`);
    const report = await eventually(async () => {
      const answer = await stack.admin.request('GET', week);
      return reportSchema.parse(answer).totals.jobsClosedWithoutService === 1 && answer;
    });
    const parsed = reportSchema.parse(report);
    expect(parsed).toMatchObject({ from: addDays(today, -6), to: today, bucket: 'day' });
    expect(parsed.series.map((p) => p.period)).toHaveLength(7);
    expect(parsed.series.at(-1)?.jobsClosedWithoutService).toBe(1);
    expect(parsed.technicians).toEqual([
      expect.objectContaining({ technicianId: null, jobsClosedWithoutService: 1 }),
    ]);
  });

  it('is for admins only', async () => {
    const { client } = await stack.newUser('reports.tech');
    expect(await statusOf(client.request('GET', week))).toBe(403);
    expect(await statusOf(new ApiClient(stack.base).request('GET', week))).toBe(401);
  });

  it('refuses a bad range with the reason, on the field', async () => {
    const get = (query: string) => refusalOf(stack.admin.request('GET', `/api/reports${query}`));
    expect(await get('')).toMatchObject({
      status: 400,
      body: { fieldErrors: { from: REPORT_MESSAGES.date, to: REPORT_MESSAGES.date } },
    });
    expect(await get(`?from=2030-02-31&to=2030-03-05`)).toMatchObject({
      status: 400,
      body: { fieldErrors: { from: REPORT_MESSAGES.date } },
    });
    expect(await get(`?from=${today}&to=${addDays(today, -1)}`)).toMatchObject({
      status: 400,
      body: { fieldErrors: { to: REPORT_MESSAGES.order } },
    });
    expect(await get(`?from=${addDays(today, -731)}&to=${today}`)).toMatchObject({
      status: 400,
      body: { fieldErrors: { from: REPORT_MESSAGES.tooLong } },
    });
  });
});
