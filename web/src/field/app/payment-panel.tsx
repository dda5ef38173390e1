import { useEffect, useState } from 'react';
import {
  INVOICE_STATUS_LABELS,
  formatDollars,
  jobOwedCents,
  type PaymentLink,
} from '@cincy/contracts';
import { sendPaymentLink } from '../../api/invoices';
import { serverMessageOf } from '../../api/request';
import type { FieldStepKind } from '../outbox/types';
import type { FieldJob } from './jobs';

type Method = 'cash' | 'check' | 'card';

const dollars = (cents: number) => formatDollars(cents / 100);

/** "170", "170.5", "170.50" -> 17050 cents; anything else null. */
export function centsOf(text: string): number | null {
  const match = /^\s*\$?(\d{1,5})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents > 0 ? cents : null;
}

/** What the phone says of a done job's money. */
export function paymentLine(job: Pick<FieldJob, 'payment'>): string {
  const payment = job.payment;
  if (!payment) return 'Invoice on its way';
  if (payment.status === 'open') return `Unpaid · ${dollars(payment.totalCents)}`;
  if (payment.status === 'partially_paid')
    return `Partly paid · ${dollars(jobOwedCents(payment))} owed`;
  return INVOICE_STATUS_LABELS[payment.status];
}

/** Whether the technician may still take money for it (unknown invoice: yes, the server decides). */
const takesPayment = (job: FieldJob) =>
  !job.payment || job.payment.status === 'open' || job.payment.status === 'partially_paid';

/**
 * A job done today and its money: paid or not, and taking it at the door: cash or a check into
 * the outbox (works without signal), or a card by the payment link (sent to the customer, shown
 * as a QR code; needs signal).
 */
export function DoneJob({
  job,
  online,
  onStep,
}: {
  job: FieldJob;
  online: boolean;
  onStep: (job: FieldJob, kind: FieldStepKind, body?: Record<string, unknown>) => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const waiting = job.waiting.some((step) => step.kind === 'payment');
  return (
    <li className="fa-done-job" data-testid="done-job" data-appointment-id={job.id}>
      <div className="fa-row fa-done-row">
        <span>{job.customer.name}</span>
        <span className={`fa-pay fa-pay-${job.payment?.status ?? 'unknown'}`}>
          {waiting ? 'Payment waiting for signal' : paymentLine(job)}
        </span>
      </div>
      {takesPayment(job) && !waiting && !open && (
        <button type="button" className="fa-button" onClick={() => setOpen(true)}>
          Take payment
        </button>
      )}
      {open && (
        <PaymentForm
          job={job}
          online={online}
          onClose={() => setOpen(false)}
          onRecord={async (body) => {
            await onStep(job, 'payment', body);
            setOpen(false);
          }}
        />
      )}
    </li>
  );
}

function PaymentForm({
  job,
  online,
  onClose,
  onRecord,
}: {
  job: FieldJob;
  online: boolean;
  onClose: () => void;
  onRecord: (body: Record<string, unknown>) => Promise<void>;
}) {
  const owed = job.payment ? jobOwedCents(job.payment) : null;
  const [method, setMethod] = useState<Method>('cash');
  const [amount, setAmount] = useState(owed ? (owed / 100).toFixed(2) : '');
  const [checkNumber, setCheckNumber] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = `pay-${job.id}`;

  const record = async () => {
    const cents = centsOf(amount);
    if (cents === null) return setProblem('Enter the amount received, like 170.00.');
    if (owed !== null && cents > owed)
      return setProblem(`That is more than what is owed: ${dollars(owed)}.`);
    if (method === 'check' && !checkNumber.trim())
      return setProblem('A check payment needs the check number.');
    setBusy(true);
    try {
      await onRecord({
        method,
        amountCents: cents,
        ...(method === 'check' && { checkNumber: checkNumber.trim() }),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="fa-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        if (method !== 'card') void record();
      }}
    >
      <p id={`${id}-title`} className="fa-form-title">
        {owed !== null ? `Take payment: ${dollars(owed)} owed` : 'Take payment'}
      </p>
      <div className="fa-row" role="radiogroup" aria-label="How the customer pays">
        {(['cash', 'check', 'card'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={method === m}
            className={method === m ? 'fa-button' : 'fa-button fa-button-quiet'}
            onClick={() => {
              setMethod(m);
              setProblem(null);
            }}
          >
            {m === 'cash' ? 'Cash' : m === 'check' ? 'Check' : 'Card'}
          </button>
        ))}
      </div>
      {method === 'card' ? (
        <CardLink job={job} online={online} />
      ) : (
        <>
          <label className="fa-label" htmlFor={`${id}-amount`}>
            Amount received ($)
          </label>
          <input
            id={`${id}-amount`}
            className="fa-input"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
          {method === 'check' && (
            <>
              <label className="fa-label" htmlFor={`${id}-check`}>
                Check number
              </label>
              <input
                id={`${id}-check`}
                className="fa-input"
                inputMode="numeric"
                autoComplete="off"
                maxLength={20}
                value={checkNumber}
                onChange={(event) => setCheckNumber(event.target.value)}
              />
            </>
          )}
          {problem && (
            <p className="fa-error" role="alert">
              {problem}
            </p>
          )}
          <button type="submit" className="fa-button fa-button-big" disabled={busy}>
            Record {method === 'cash' ? 'cash' : 'check'}
          </button>
        </>
      )}
      <button type="button" className="fa-button fa-button-quiet" onClick={onClose}>
        Close
      </button>
    </form>
  );
}

/** The card payment link: made on the server (sent to the customer), shown as a QR code. */
function CardLink({ job, online }: { job: FieldJob; online: boolean }) {
  const [link, setLink] = useState<PaymentLink | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const invoiceId = job.payment?.invoiceId;
  if (!online || invoiceId === undefined)
    return (
      <p className="fa-muted">
        {!online
          ? 'A card payment needs signal. Take cash or a check, or send the link once the phone is online.'
          : 'The invoice is on its way: the card link can be sent in a moment.'}
      </p>
    );
  if (link)
    return (
      <div className="fa-card-link">
        <p role="status">
          Link for {dollars(link.amountCents)} sent to the customer by text and email. They can also
          scan it here:
        </p>
        <QrCode text={link.url} />
        <p className="fa-muted fa-break">{link.url}</p>
      </div>
    );
  return (
    <>
      {problem && (
        <p className="fa-error" role="alert">
          {problem}
        </p>
      )}
      <button
        type="button"
        className="fa-button fa-button-big"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setProblem(null);
          sendPaymentLink(invoiceId)
            .then(setLink, (error: unknown) =>
              setProblem(serverMessageOf(error) ?? 'The link could not be made. Try again.'),
            )
            .finally(() => setBusy(false));
        }}
      >
        {busy ? 'Sending…' : 'Send card payment link'}
      </button>
    </>
  );
}

/** A QR code drawn as SVG (uqr, loaded when one is first shown). */
export function QrCode({ text }: { text: string }) {
  const [modules, setModules] = useState<boolean[][] | null>(null);
  useEffect(() => {
    let live = true;
    void import('uqr').then(({ encode }) => {
      if (live) setModules(encode(text, { border: 4 }).data);
    });
    return () => {
      live = false;
    };
  }, [text]);
  if (!modules) return <p className="fa-muted">Drawing the code…</p>;
  const size = modules.length;
  const path = modules
    .flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : '')))
    .join('');
  return (
    <svg
      className="fa-qr"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label="QR code of the payment link"
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
