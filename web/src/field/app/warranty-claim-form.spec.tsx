/**
 * @jest-environment jsdom
 */
import '../../../test/jsdom-setup';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { WARRANTY_CLAIM_MESSAGES } from '@cincy/contracts';
import { WarrantyClaimForm } from './warranty-claim-form';

/** The server's one answer to POST /api/warranty/claims, and what the phone sent it. */
function server(status: number, body: unknown) {
  const sent: unknown[] = [];
  globalThis.fetch = jest.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    sent.push(JSON.parse(String(init?.body)));
    const text = JSON.stringify(body);
    return {
      ok: status < 300,
      status,
      statusText: '',
      text: async () => text,
      json: async () => JSON.parse(text) as unknown,
    } as unknown as Response;
  }) as typeof fetch;
  return sent;
}

const open = (serial: string) =>
  act(async () => {
    fireEvent.change(screen.getByLabelText(/Failing battery/), { target: { value: serial } });
    fireEvent.click(screen.getByRole('button', { name: 'Open warranty claim' }));
  });

describe('WarrantyClaimForm', () => {
  it('asks for the serial, sends it with the job, and says what to do next', async () => {
    const sent = server(201, { status: 'open' });
    render(<WarrantyClaimForm jobId={41} />);
    await open(' ');
    expect(screen.getByRole('alert').textContent).toBe(WARRANTY_CLAIM_MESSAGES.serial);
    await open('SN-2024-88412');
    expect(sent).toEqual([{ appointmentId: 41, batterySerialNumber: 'SN-2024-88412' }]);
    expect(screen.getByRole('status').textContent).toMatch(/^Warranty claim opened: /);
  });

  it("shows the server's refusal as it words it", async () => {
    server(409, {
      code: 'CONFLICT',
      message: 'The warranty of this battery ended on Nov 20, 2026',
    });
    render(<WarrantyClaimForm jobId={41} />);
    await open('SN-OLD');
    expect(screen.getByRole('alert').textContent).toBe(
      'The warranty of this battery ended on Nov 20, 2026',
    );
  });
});
