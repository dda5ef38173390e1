import { z } from 'zod';
import { ERROR_CODES } from '../error-codes';
import { batteryTestsSchema } from '../dispatch/battery-tests';
import { actorSchema } from '../identity/api';
import {
  batterySearchResultSchema,
  inventoryFilterSchema,
  inventoryItemInputSchema,
  inventoryItemSchema,
  inventoryItemsSchema,
  serialSearchQuerySchema,
  serviceRecordInputSchema,
  serviceRecordSchema,
  verifySerialAnswerSchema,
  verifySerialSchema,
  warrantyClaimsSchema,
  dueTestsSchema,
  openClaimInputSchema,
  warrantyClaimSchema,
} from './api';
import { RPC_SHAPES, type RpcContract } from '../rpc-contract';

const { healthAnswer, empty, id, messageAnswer } = RPC_SHAPES;
const { validation, notFound, conflict } = ERROR_CODES;

/** inventory's subjects: items and service records; spread into `RPC` (subjects.ts). */
export const INVENTORY_RPC = {
  'inventory.health': { request: empty, answer: healthAnswer },
  'inventory.items.list': { request: inventoryFilterSchema, answer: inventoryItemsSchema },
  /** Batteries replaced under warranty and the supplier's credit owed for them (admins). */
  'inventory.warranty.claims': { request: empty, answer: warrantyClaimsSchema },
  /** Batteries installed TEST_OFFER_MONTHS ago or more and still in their car, oldest first. */
  'inventory.warranty.due-tests': { request: empty, answer: dueTestsSchema },
  /**
   * A claim on a battery the customer had from us, under warranty (dispatch checked the job's
   * failing test): refused when it is not theirs, its warranty ended, or a claim is open already.
   */
  'inventory.warranty.open-claim': {
    request: openClaimInputSchema.extend({ customerId: z.number().int(), actor: actorSchema }),
    answer: warrantyClaimSchema,
    refuses: [validation, conflict],
  },
  'inventory.items.create': {
    request: z.object({ item: inventoryItemInputSchema, actor: actorSchema }),
    answer: inventoryItemSchema,
  },
  'inventory.items.update': {
    request: z.object({ id, item: inventoryItemInputSchema, actor: actorSchema }),
    answer: inventoryItemSchema,
    refuses: [notFound],
  },
  'inventory.items.delete': {
    request: z.object({ id, actor: actorSchema }),
    answer: messageAnswer.extend({ retired: z.boolean() }),
    refuses: [notFound],
  },
  'inventory.service-records.of-customer': {
    request: z.object({ customerId: id }),
    answer: z.array(serviceRecordSchema),
  },
  'inventory.service-records.search': {
    request: serialSearchQuerySchema,
    answer: z.array(batterySearchResultSchema),
  },
  /**
   * Dispatch's second half of a completion: the record, the battery taken from stock and its
   * movement, in inventory's transaction. Only dispatch calls it, having decided on its live job.
   */
  'inventory.service-records.record': {
    request: z.object({
      record: serviceRecordInputSchema,
      /** The job's battery tests (dispatch's), kept with the record as they were at completion. */
      batteryTests: batteryTestsSchema.default([]),
      /** The job's technician: the record is theirs, whoever saves it. */
      technician: z.object({ id: z.number().int().nullable(), name: z.string().nullable() }),
      /** The job's customer as the board has them: inventory's copy of whose battery it is. */
      customer: z.object({ name: z.string(), phone: z.string() }),
      actor: actorSchema,
      /**
       * When the job was completed: dispatch's decision (`stepInstant`), not inventory's clock;
       * absent (an older dispatch), now.
       */
      completedAt: z.iso.datetime().optional(),
    }),
    answer: serviceRecordSchema,
    refuses: [validation, notFound, conflict],
  },
  'inventory.service-records.verify-serial': {
    request: verifySerialSchema,
    answer: verifySerialAnswerSchema,
  },
  'inventory.sales.today': {
    request: empty,
    answer: z.object({ batteriesSold: z.number().int() }),
  },
} as const satisfies Record<string, RpcContract>;
