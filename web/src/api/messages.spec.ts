import { fetchAppointmentMessages, fetchMessages, messagesSearch, resendMessage } from './messages';
import { optOut, receiptUrl } from './tracking';

const realFetch = globalThis.fetch;
let calls: { method: string; url: string }[];

function answer(body: unknown) {
  calls = [];
  globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    calls.push({ method: init?.method ?? 'GET', url: String(input) });
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  }) as typeof fetch;
}

afterEach(() => {
  globalThis.fetch = realFetch;
});

const TOKEN = 'abcdefghijkl_-0123456789ABCDEFGHIJ';

describe('the messages API', () => {
  it('asks for only the filters given', () => {
    expect(messagesSearch({})).toBe('');
    expect(messagesSearch({ date: '2030-06-14' })).toBe('?date=2030-06-14');
    expect(messagesSearch({ date: '2030-06-14', state: 'failed' })).toBe(
      '?date=2030-06-14&state=failed',
    );
  });

  it("reads a job's messages, a day's, and resends one", async () => {
    answer([]);
    await fetchAppointmentMessages(34);
    await fetchMessages({ state: 'sent' });
    await resendMessage(7);
    expect(calls).toEqual([
      { method: 'GET', url: '/api/appointments/34/messages' },
      { method: 'GET', url: '/api/messages?state=sent' },
      { method: 'POST', url: '/api/messages/7/resend' },
    ]);
  });
});

describe("the customer's receipt and opt-out", () => {
  it('downloads the receipt by the private link', () => {
    expect(receiptUrl(TOKEN)).toBe(`/api/track/${TOKEN}/receipt`);
  });

  it('stops the messages by the private link and answers the sentence to show', async () => {
    answer({ message: 'We will not send you any more texts or emails about your visits.' });
    await expect(optOut(TOKEN)).resolves.toEqual({
      message: 'We will not send you any more texts or emails about your visits.',
    });
    expect(calls).toEqual([{ method: 'POST', url: `/api/track/${TOKEN}/opt-out` }]);
  });
});
