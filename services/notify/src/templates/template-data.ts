import type {
  BatteryTest,
  MessageChannel,
  MessageKind,
  PaymentMethod,
  ServiceCode,
} from '@cincy/contracts';

/**
 * What a message says, gathered by notify when the step happens (the interface between the
 * message store and the templates). Everything here may have been typed by a customer: the
 * templates escape it (React does, for HTML; texts are plain).
 */
export interface MessageData {
  kind: MessageKind;
  /** The customer's first name ("Robin"), for the greeting. */
  firstName: string;
  reference: string | null;
  /** Absolute URL of the visit's page (/track/<token>): where every message links. */
  trackingUrl: string;
  /** Absolute URL of the booking form, for a declined or cancelled visit. */
  rebookUrl: string;
  /** The technician's first name, when one is coming. */
  technicianFirstName: string | null;
  /** Minutes until the technician is expected, when known. */
  etaMinutes: number | null;
  /**
   * When that wait ends, when it is on another day ('around 8:30 AM tomorrow'): said instead of
   * the minutes. Null the same day, or with no estimate.
   */
  laterArrival: string | null;
  /** A scheduled visit's hour ("Sat, Jun 15 at 2 PM"), or null for ASAP. */
  scheduledLabel: string | null;
  /** The completion's receipt (kind 'completed' only). */
  receipt: ReceiptData | null;
  /**
   * The invoice: a payment link's url and what it asks ('payment_link'); a reminder's has no url
   * (it links to the visit's page, where "Pay now" is); a payment's receipt ('payment_received')
   * what was paid, how and when, and what is still owed.
   */
  payment?: {
    url: string | null;
    amountCents: number;
    invoiceNumber: string;
    received?: { method: PaymentMethod; at: string; owedCents: number };
  } | null;
}

/** A receipt's figures: the customer's proof of service and warranty. */
export interface ReceiptData {
  reference: string | null;
  customerName: string;
  /** ISO instant of the completion. */
  completedAt: string;
  technicianName: string | null;
  serviceCode: ServiceCode;
  /** "2019 Toyota Camry (Blue)", or null. */
  vehicle: string | null;
  mileage: string | null;
  batteryModel: string | null;
  batterySerial: string | null;
  previousBatterySerial: string | null;
  /** YYYY-MM-DD, for a new battery (warrantyEndsOn); null otherwise. */
  warrantyEndsOn: string | null;
  /** The battery tests of the visit, as the tester printed them (absent on receipts before them). */
  batteryTests?: BatteryTest[];
}

/** A rendered message: an email has a subject, text and HTML; a text message only text. */
export interface RenderedMessage {
  subject: string | null;
  text: string;
  html: string | null;
}

/** The templates' entry points (templates/index.ts implements them). */
export interface Templates {
  render(channel: MessageChannel, data: MessageData): Promise<RenderedMessage>;
  /** The receipt as a PDF. */
  receiptPdf(receipt: ReceiptData): Promise<Buffer>;
}
