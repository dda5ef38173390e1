import { z } from 'zod';
import { ERROR_CODES } from '../error-codes';
import { RPC_SHAPES, type RpcContract } from '../rpc-contract';
import {
  batteryChainQuerySchema,
  batteryChainSchema,
  customerAddressInputSchema,
  customerAddressSchema,
  customerVehicleInputSchema,
  customerVehicleSchema,
  customerVisitsSchema,
  serviceHistoryRowSchema,
} from './customer-record';

const { id, messageAnswer } = RPC_SHAPES;
const { notFound, conflict } = ERROR_CODES;

/** The customer record's subjects (addresses, vehicles, history, a battery's chain), spread into `RPC`. */
export const CUSTOMER_RECORD_RPC = {
  'booking.customer-addresses.list': {
    request: z.object({ customerId: id }),
    answer: z.array(customerAddressSchema),
    refuses: [notFound],
  },
  'booking.customer-addresses.add': {
    request: z.object({ customerId: id, address: customerAddressInputSchema }),
    answer: customerAddressSchema,
    refuses: [notFound, conflict],
  },
  'booking.customer-addresses.update': {
    request: z.object({ customerId: id, id, address: customerAddressInputSchema }),
    answer: customerAddressSchema,
    refuses: [notFound, conflict],
  },
  /** The address becomes the default; the customer's previous default is no longer one. */
  'booking.customer-addresses.set-default': {
    request: z.object({ customerId: id, id }),
    answer: customerAddressSchema,
    refuses: [notFound],
  },
  'booking.customer-addresses.delete': {
    request: z.object({ customerId: id, id }),
    answer: messageAnswer,
    refuses: [notFound],
  },
  'booking.customer-vehicles.list': {
    request: z.object({ customerId: id }),
    answer: z.array(customerVehicleSchema),
    refuses: [notFound],
  },
  'booking.customer-vehicles.add': {
    request: z.object({ customerId: id, vehicle: customerVehicleInputSchema }),
    answer: customerVehicleSchema,
    refuses: [notFound, conflict],
  },
  'booking.customer-vehicles.update': {
    request: z.object({ customerId: id, id, vehicle: customerVehicleInputSchema }),
    answer: customerVehicleSchema,
    refuses: [notFound, conflict],
  },
  'booking.customer-vehicles.set-default': {
    request: z.object({ customerId: id, id }),
    answer: customerVehicleSchema,
    refuses: [notFound],
  },
  'booking.customer-vehicles.delete': {
    request: z.object({ customerId: id, id }),
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
