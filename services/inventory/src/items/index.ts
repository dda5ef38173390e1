export { InventoryItemEntity } from './inventory-item.entity';
export { InventoryTransactionEntity } from './inventory-transaction.entity';
export { ItemsController } from './items.controller';
export { ItemsRepository, toStockMovement } from './items.repository';
export { LocationsRepository } from './locations.repository';
export { ItemsService } from './items.service';
export { STOCK_MESSAGES, StockService } from './stock.service';
export { MovementsController } from './movements.controller';
export { MovementsService } from './movements.service';
