// The emails (react-email): one shared layout, one component per step. Every value is passed
// as a React child or attribute, which React escapes; nothing is inserted as raw HTML.
import type { ReactNode } from 'react';
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { BUSINESS, formatDollars, type MessageKind } from '@cincy/contracts';
import {
  BUSINESS_PHONE,
  formatLongDate,
  formatMileage,
  headline,
  paidHow,
  reachText,
  receiptCharge,
  receivedLabel,
} from './copy';
import type { MessageData } from './template-data';

const styles = {
  body: { backgroundColor: '#f4f4f5', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0 },
  container: {
    backgroundColor: '#ffffff',
    maxWidth: '560px',
    margin: '24px auto',
    padding: '24px',
  },
  brand: { fontSize: '18px', fontWeight: 700, color: '#15803d', margin: '0 0 16px' },
  heading: { fontSize: '22px', color: '#111827', margin: '0 0 12px' },
  text: { fontSize: '15px', lineHeight: '22px', color: '#1f2937' },
  button: {
    backgroundColor: '#15803d',
    color: '#ffffff',
    borderRadius: '6px',
    padding: '12px 20px',
    fontWeight: 700,
    textDecoration: 'none',
  },
  label: { fontSize: '14px', color: '#6b7280', padding: '4px 16px 4px 0' },
  value: { fontSize: '14px', color: '#111827', padding: '4px 0' },
  footer: { fontSize: '12px', lineHeight: '18px', color: '#6b7280' },
} as const;

function Layout({ data, children }: { data: MessageData; children: ReactNode }) {
  const title = headline(data);
  return (
    <Html lang="en">
      <Head />
      <Preview>{title}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>{BUSINESS.name}</Text>
          <Heading as="h1" style={styles.heading}>
            {title}
          </Heading>
          <Text style={styles.text}>{data.firstName ? `Hi ${data.firstName},` : 'Hello,'}</Text>
          {children}
          <Section style={{ margin: '20px 0' }}>
            <Button href={data.trackingUrl} style={styles.button}>
              View your visit
            </Button>
          </Section>
          {data.reference ? <Text style={styles.text}>Reference: {data.reference}</Text> : null}
          <Hr />
          <Text style={styles.footer}>
            {BUSINESS.name} · {BUSINESS_PHONE} ·{' '}
            <Link href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</Link>
          </Text>
          <Text style={styles.footer}>
            Stop these messages: <Link href={data.trackingUrl}>{data.trackingUrl}</Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

const Line = ({ children }: { children: ReactNode }) => <Text style={styles.text}>{children}</Text>;

function Eta({ data, prefix }: { data: MessageData; prefix: string }) {
  const reach = reachText(data);
  return reach ? (
    <Line>
      {prefix} {reach}.
    </Line>
  ) : null;
}

function Received({ data }: { data: MessageData }) {
  return (
    <>
      <Line>
        {data.scheduledLabel
          ? `Your visit is booked for ${data.scheduledLabel}. We will let you know when a technician takes it.`
          : 'We are finding a technician for you now and will let you know as soon as one takes your visit.'}
      </Line>
      <Line>Follow your visit on its page: it shows each step as it happens.</Line>
    </>
  );
}

const Moved = () => (
  <>
    <Line>The time you had before no longer applies.</Line>
    <Line>
      If this time does not suit you, move or cancel your visit on its page, or call us at{' '}
      {BUSINESS_PHONE}.
    </Line>
  </>
);

const Assigned = ({ data }: { data: MessageData }) => (
  <>
    <Line>Your visit has a technician. We will text or email you when they set off.</Line>
    <Eta data={data} prefix="Expected" />
  </>
);

const OnTheWay = ({ data }: { data: MessageData }) => (
  <>
    <Line>Your technician is driving to you now. Follow them on your visit&apos;s page.</Line>
    <Eta data={data} prefix="Arriving" />
  </>
);

const Arrived = () => <Line>Your technician is at your vehicle. Please have your keys ready.</Line>;

function Completed({ data }: { data: MessageData }) {
  const receipt = data.receipt;
  const rows: [string, string | null][] = receipt
    ? [
        ['Battery model', receipt.batteryModel],
        ['Serial', receipt.batterySerial],
        ['Mileage', receipt.mileage ? formatMileage(receipt.mileage) : null],
        ['Charge', receiptCharge(receipt.serviceCode)],
        ['Warranty until', receipt.warrantyEndsOn ? formatLongDate(receipt.warrantyEndsOn) : null],
      ]
    : [];
  const shown = rows.filter((row): row is [string, string] => row[1] != null && row[1] !== '');
  return (
    <>
      <Line>Thank you for choosing {BUSINESS.name}.</Line>
      {shown.length > 0 ? (
        <table cellPadding={0} cellSpacing={0} role="presentation" data-text-format="dataTable">
          <tbody>
            {shown.map(([label, value]) => (
              <tr key={label}>
                <td style={styles.label}>{label}</td>
                <td style={styles.value}>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <Line>Your receipt is attached. You can also download it from your visit&apos;s page.</Line>
    </>
  );
}

const Rebook = ({ data }: { data: MessageData }) => (
  <Line>
    <Link href={data.rebookUrl}>Book another time</Link> or call us at {BUSINESS_PHONE}.
  </Line>
);

const Declined = ({ data }: { data: MessageData }) => (
  <>
    <Line>We are sorry: no technician could take your visit this time.</Line>
    <Rebook data={data} />
  </>
);

const Cancelled = ({ data }: { data: MessageData }) => (
  <>
    <Line>Your visit will not go ahead. We would be glad to come another time.</Line>
    <Rebook data={data} />
  </>
);

function PaymentLink({ data }: { data: MessageData }) {
  const payment = data.payment;
  return payment ? (
    <>
      <Line>
        Invoice {payment.invoiceNumber}: {formatDollars(payment.amountCents / 100)} to pay. The link
        opens our card payment page; it works for 24 hours.
      </Line>
      <Section style={{ margin: '20px 0' }}>
        <Button href={payment.url ?? data.trackingUrl} style={styles.button}>
          Pay {formatDollars(payment.amountCents / 100)}
        </Button>
      </Section>
    </>
  ) : (
    <Line>Call us at {BUSINESS_PHONE} to pay by card.</Line>
  );
}

const PaymentReminder = () => (
  <Line>
    Thank you again for choosing {BUSINESS.name}. Our records show the invoice of your battery
    service is still open. You can pay it by card on your visit&apos;s page (&quot;Pay now&quot;),
    or call us at {BUSINESS_PHONE}. If you have paid already, please ignore this message.
  </Line>
);

const TestOffer = ({ data }: { data: MessageData }) => (
  <>
    <Line>
      The battery we installed for you has been in your car a few years now, when batteries start to
      weaken (and winter finds them out). We will test it for free at your home or work: it takes
      ten minutes, and you decide afterwards whether anything needs doing.
    </Line>
    <Line>
      <Link href={data.rebookUrl}>Book a visit</Link> or call us at {BUSINESS_PHONE}.
    </Line>
  </>
);

/** A payment's receipt: what was paid, how and when, and what is still owed. */
function PaymentReceived({ data }: { data: MessageData }) {
  const payment = data.payment;
  const received = payment?.received;
  if (!payment || !received) return <Line>Thank you for your payment.</Line>;
  return (
    <>
      <Line>
        Invoice {payment.invoiceNumber}: {paidHow(payment)} on {receivedLabel(received.at)}.{' '}
        {received.owedCents > 0
          ? `${formatDollars(received.owedCents / 100)} is still owed; you can pay it on your visit's page.`
          : 'It is paid in full. Thank you for choosing us.'}
      </Line>
      <Line>
        <Link href={data.trackingUrl}>Your visit&apos;s page</Link> shows the invoice and what was
        paid.
      </Line>
    </>
  );
}

const BODIES: Record<MessageKind, (props: { data: MessageData }) => ReactNode> = {
  received: Received,
  moved: Moved,
  assigned: Assigned,
  on_the_way: OnTheWay,
  arrived: Arrived,
  completed: Completed,
  declined: Declined,
  cancelled: Cancelled,
  payment_link: PaymentLink,
  payment_received: PaymentReceived,
  payment_reminder: PaymentReminder,
  test_offer: TestOffer,
};

/** The email of a step, ready for @react-email/render. */
export function Email({ data }: { data: MessageData }) {
  const Content = BODIES[data.kind];
  return (
    <Layout data={data}>
      <Content data={data} />
    </Layout>
  );
}
