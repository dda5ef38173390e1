import { z } from 'zod';
import { ERROR_CODES } from '../error-codes';
import { RPC_SHAPES, type RpcContract } from '../rpc-contract';
import {
  batteryChainQuerySchema,
  batteryChainSchema,
  CUSTOMER_RECORD_KINDS,
  CUSTOMER_RECORD_SCHEMAS,
  customerVisitsSchema,
  serviceHistoryRowSchema,
} from './customer-record';

const { id, messageAnswer } = RPC_SHAPES;
const { notFound, conflict } = ERROR_CODES;

const { address, vehicle } = CUSTOMER_RECORD_SCHEMAS;
const recordEntry = z.union([address.entry, vehicle.entry]);
const recordTarget = z.object({ kind: z.enum(CUSTOMER_RECORD_KINDS), customerId: id, id });
/** An entry's text, checked as its kind's form checks it, and whether it becomes the default. */
const recordEdit = <Extra extends z.ZodRawShape>(extra: Extra) =>
  z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('address'),
      customerId: id,
      text: address.input.shape.address,
      isDefault: address.input.shape.isDefault,
      ...extra,
    }),
    z.object({
      kind: z.literal('vehicle'),
      customerId: id,
      text: vehicle.input.shape.vehicle,
      isDefault: vehicle.input.shape.isDefault,
      ...extra,
    }),
  ]);

/** The customer record's subjects (addresses, vehicles, history, a battery's chain), spread into `RPC`. */
export const CUSTOMER_RECORD_RPC = {
  /** A customer's addresses or vehicles, the default first. */
  'booking.customer-records.list': {
    request: z.object({ kind: z.enum(CUSTOMER_RECORD_KINDS), customerId: id }),
    answer: z.array(recordEntry),
    refuses: [notFound],
  },
  'booking.customer-records.add': {
    request: recordEdit({}),
    answer: recordEntry,
    refuses: [notFound, conflict],
  },
  'booking.customer-records.update': {
    request: recordEdit({ id }),
    answer: recordEntry,
    refuses: [notFound, conflict],
  },
  /** The entry becomes the default; the customer's previous default of its kind no longer is. */
  'booking.customer-records.set-default': {
    request: recordTarget,
    answer: recordEntry,
    refuses: [notFound],
  },
  'booking.customer-records.delete': {
    request: recordTarget,
    answer: messageAnswer,
    refuses: [notFound],
  },
  /** The customer's visits, newest first (the latest few), with counts over all of them. */
  'booking.customers.visits': {
    request: z.object({ customerId: id }),
    answer: customerVisitsSchema,
    refuses: [notFound],
  },
  /** Each listed appointment's vehicle as booked (history rows whose record names none). */
  'booking.appointments.vehicles': {
    request: z.object({ appointmentIds: z.array(id).max(500) }),
    answer: z.record(z.string(), z.string()),
  },
  /** A customer's service history as the owner reads it (inventory's rows, newest first). */
  'inventory.service-records.history': {
    request: z.object({ customerId: id }),
    answer: z.array(serviceHistoryRowSchema),
  },
  /** A battery's chain: its install, what it replaced and what replaced it, with warranty ends. */
  'inventory.service-records.chain': {
    request: batteryChainQuerySchema,
    answer: batteryChainSchema,
    refuses: [notFound],
  },
} as const satisfies Record<string, RpcContract>;
