import { z } from 'zod';
import { tooLong } from '../common';
import { bookedBatterySchema } from '../booking/fitment-api';
import { STOCK_MOVEMENT_REASON_MAX } from './movements';

/**
 * Stock where it is (issue 37, ADR 0118): the warehouse and each technician's van. An item's
 * total `quantity` is the sum; the warehouse holds what no van does.
 */
export const STOCK_LOCATION_KINDS = ['warehouse', 'van'] as const;
export type StockLocationKind = (typeof STOCK_LOCATION_KINDS)[number];

/** The one warehouse: made with the table, never removed. */
export const WAREHOUSE_LOCATION_ID = 1;

/** GET /api/inventory/locations: the warehouse first, then each technician's van by name. */
export const stockLocationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(STOCK_LOCATION_KINDS),
  name: z.string(),
  technicianId: z.number().int().nullable(),
});
export type StockLocation = z.infer<typeof stockLocationSchema>;

/** How much of an item one place holds. */
export const locationQuantitySchema = z.object({
  locationId: z.number().int(),
  quantity: z.number().int(),
  /** Whose van it is (null: the warehouse): dispatch knows who carries what. */
  technicianId: z.number().int().nullable().default(null),
});
export type LocationQuantity = z.infer<typeof locationQuantitySchema>;

export const TRANSFER_MESSAGES = {
  item: 'Choose the item to move',
  from: 'Choose where it comes from',
  to: 'Choose where it goes',
  sameLocation: 'Choose two different places',
  quantity: 'Move at least 1',
  reason: 'Give a reason',
  unknownLocation: 'That place is not in the inventory',
  /** More than the place holds (a 409). */
  notEnough: (name: string, held: number, where: string) => `Only ${held} of ${name} at ${where}`,
  moved: 'Stock moved',
  /** A count or write-off would leave the warehouse below zero (a 409). */
  inVans: (name: string, inVans: number) =>
    `${inVans} of ${name} are in vans: move them back to the warehouse first`,
} as const;

const id = (message: string) =>
  z.number(message).int(message).positive(message).max(2_147_483_647, message);

/** POST /api/inventory/transfers: units of one item from one place to another. */
export const transferInputSchema = z
  .object({
    itemId: id(TRANSFER_MESSAGES.item),
    fromLocationId: id(TRANSFER_MESSAGES.from),
    toLocationId: id(TRANSFER_MESSAGES.to),
    quantity: z
      .number(TRANSFER_MESSAGES.quantity)
      .int(TRANSFER_MESSAGES.quantity)
      .min(1, TRANSFER_MESSAGES.quantity)
      .max(10_000, 'Quantity must be at most 10000'),
    reason: z
      .string({ error: TRANSFER_MESSAGES.reason })
      .trim()
      .min(1, TRANSFER_MESSAGES.reason)
      .max(STOCK_MOVEMENT_REASON_MAX, tooLong('Reason', STOCK_MOVEMENT_REASON_MAX)),
  })
  .refine((t) => t.fromLocationId !== t.toLocationId, {
    path: ['toLocationId'],
    message: TRANSFER_MESSAGES.sameLocation,
  });
export type TransferInput = z.infer<typeof transferInputSchema>;

/** An item's stock by place: the warehouse (what no van holds) first, then each van holding some. */
export function byLocation(total: number, vans: readonly LocationQuantity[]): LocationQuantity[] {
  const inVans = vans.reduce((n, v) => n + v.quantity, 0);
  return [
    { locationId: WAREHOUSE_LOCATION_ID, quantity: total - inVans, technicianId: null },
    ...vans.filter((v) => v.quantity > 0),
  ];
}

/** A battery's stock against the visits counting on one (ADR 0119). */
export const batteryStockSchema = bookedBatterySchema.extend({
  onHand: z.number().int(),
  reserved: z.number().int(),
  free: z.number().int(),
});
