import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Message } from '@cincy/contracts';
import { MessageList, drawerTitle } from './job-messages-drawer';
import { MessagesTable } from './messages-table';

const message = (over: Partial<Message> = {}): Message => ({
  id: 1,
  appointmentId: 34,
  reference: 'CB-7K3Q9',
  kind: 'received',
  channel: 'email',
  to: 'jane@example.com',
  subject: 'We have your request',
  state: 'sent',
  route: 'sink',
  attempts: 1,
  lastError: null,
  preview: 'Hi Jane, we have your request.',
  createdAt: '2030-06-14T18:00:00.000Z',
  nextAttemptAt: null,
  sentAt: '2030-06-14T18:00:05.000Z',
  ...over,
});

const FAILED = message({
  id: 2,
  kind: 'on_the_way',
  channel: 'sms',
  to: '+15135550188',
  subject: null,
  state: 'failed',
  route: null,
  attempts: 6,
  lastError: '21211 Invalid To number',
  sentAt: null,
});

const render = (node: ReactNode) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>,
  );

const resendButtons = (html: string) => html.match(/<span>Resend<\/span>/g)?.length ?? 0;

describe("a job's messages (the drawer)", () => {
  it('is titled with the customer', () => {
    expect(drawerTitle('Jane Doe')).toBe('Messages — Jane Doe');
  });

  it('says so when nothing was sent yet', () => {
    expect(render(<MessageList messages={[]} customerName="Jane Doe" />)).toContain(
      'No messages yet',
    );
  });

  it('shows each message: step, channel, address, state with reason, attempts, when, preview', () => {
    const html = render(<MessageList messages={[message(), FAILED]} customerName="Jane Doe" />);
    expect(html).toContain('Booking received');
    expect(html).toContain('jane@example.com');
    expect(html).toContain('Sent Jun 14, 2030, 2:00 PM');
    expect(html).toContain('Preview: We have your request');
    expect(html).toContain('Hi Jane, we have your request.');
    expect(html).toContain('On the way');
    expect(html).toContain('· Text');
    expect(html).toContain('(513) 555-0188');
    expect(html).toMatch(/ant-tag-(green|success)[^>]*>Sent</);
    expect(html).toMatch(/ant-tag-(red|error)[^>]*>Failed</);
    expect(html).toContain('21211 Invalid To number');
    expect(html).toContain('6 attempts');
  });

  it('shows a dropped message grey, with what overtook it, and no Resend', () => {
    const dropped = message({
      kind: 'received',
      channel: 'sms',
      state: 'dropped',
      route: null,
      attempts: 0,
      lastError: 'overtaken by a later step: On the way',
      sentAt: null,
    });
    const html = render(<MessageList messages={[dropped]} customerName="Jane Doe" />);
    expect(html).toMatch(/ant-tag-default[^>]*>Dropped</);
    expect(html).toContain('overtaken by a later step: On the way');
    expect(html).not.toContain('ant-typography-danger');
    expect(resendButtons(html)).toBe(0);
  });

  it('offers Resend on the failed message only', () => {
    expect(resendButtons(render(<MessageList messages={[message()]} customerName="J" />))).toBe(0);
    expect(
      resendButtons(render(<MessageList messages={[message(), FAILED]} customerName="J" />)),
    ).toBe(1);
  });

  it("escapes what the customer typed, in the preview and the provider's reason", () => {
    const html = render(
      <MessageList
        messages={[
          message({
            preview: 'Notes: <img src=x onerror=alert(1)>',
            state: 'failed',
            lastError: '<b>bad</b>',
          }),
        ]}
        customerName="J"
      />,
    );
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<b>bad</b>');
  });
});

describe("the day's messages (the table)", () => {
  it('lists time, reference, step, channel, to, state and attempts, Resend on a failed row', () => {
    const html = render(<MessagesTable rows={[FAILED, message()]} loading={false} label="x" />);
    for (const text of ['2:00 PM', 'CB-7K3Q9', 'On the way', 'Text', '(513) 555-0188', 'Failed'])
      expect(html).toContain(text);
    expect(html).toContain('21211 Invalid To number');
    expect(resendButtons(html)).toBe(1);
    const dropped = message({ state: 'dropped', lastError: 'visit cancelled' });
    expect(render(<MessagesTable rows={[dropped]} loading={false} label="x" />)).toContain(
      'visit cancelled',
    );
  });

  it('says so when the day has no messages', () => {
    expect(render(<MessagesTable rows={[]} loading={false} label="x" />)).toContain(
      'No messages this day.',
    );
  });
});
