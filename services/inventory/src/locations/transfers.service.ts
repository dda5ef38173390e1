import {
  Actor,
  ERROR_CODES,
  INVENTORY_MESSAGES,
  InventoryItem,
  StockLocation,
  StockMovement,
  TRANSFER_MESSAGES,
  TransferInput,
  WAREHOUSE_LOCATION_ID,
} from '@cincy/contracts';
import { DomainError, Outbox } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ItemsRepository, LocationsRepository, toStockMovement } from '../items';

/** Units of an item moved between the warehouse and the vans (issue 37, ADR 0118). */
@Injectable()
export class TransfersService {
  constructor(
    private readonly items: ItemsRepository,
    private readonly locations: LocationsRepository,
    private readonly outbox: Outbox,
  ) {}

  list(): Promise<StockLocation[]> {
    return this.locations.list();
  }

  /**
   * The item's row is locked first (a completion taking a unit waits), then each van's count
   * moves; the total does not. A movement row says from where to where, and the item is
   * announced with its new places (the board and the audit log follow).
   */
  transfer(
    { itemId, fromLocationId, toLocationId, quantity, reason }: TransferInput,
    actor: Actor,
  ): Promise<{ movement: StockMovement; item: InventoryItem }> {
    return this.outbox.transaction(async ({ manager, emit }) => {
      const entity = await this.items.lock(manager, itemId);
      if (!entity) throw new DomainError(ERROR_CODES.notFound, INVENTORY_MESSAGES.notFound);
      const from = await this.place(manager, fromLocationId, 'fromLocationId');
      const to = await this.place(manager, toLocationId, 'toLocationId');
      const enough =
        from.id === WAREHOUSE_LOCATION_ID
          ? entity.quantity - (await this.items.inVans(manager, itemId)) >= quantity
          : await this.locations.changeVan(manager, itemId, from.id, -quantity);
      if (!enough) {
        const held =
          (await this.items.asItem(manager, entity)).byLocation.find(
            (l) => l.locationId === from.id,
          )?.quantity ?? 0;
        const message = TRANSFER_MESSAGES.notEnough(entity.name, held, from.name);
        throw new DomainError(ERROR_CODES.conflict, message, { quantity: message });
      }
      if (to.id !== WAREHOUSE_LOCATION_ID)
        await this.locations.changeVan(manager, itemId, to.id, quantity);
      const row = await this.items.recordMovement(manager, {
        itemId,
        transactionType: 'transfer',
        quantityChange: 0,
        previousQuantity: entity.quantity,
        newQuantity: entity.quantity,
        reason: `${quantity} from ${from.name} to ${to.name}: ${reason}`,
        appointmentId: null,
        serviceRecordId: null,
        userId: actor.id,
        userName: actor.name,
      });
      const item = await this.items.asItem(manager, entity);
      const movement = toStockMovement(row);
      await emit('inventory.item.changed', { item, movement });
      return { movement, item };
    });
  }

  private async place(manager: EntityManager, id: number, field: string): Promise<StockLocation> {
    const place = await this.locations.find(manager, id);
    if (!place)
      throw new DomainError(ERROR_CODES.notFound, TRANSFER_MESSAGES.unknownLocation, {
        [field]: TRANSFER_MESSAGES.unknownLocation,
      });
    return place;
  }
}
