import { PlatformModule, ServiceDefinition } from '@cincy/platform';
import { Module } from '@nestjs/common';
import { InventoryItemEntity } from './items/inventory-item.entity';
import { ItemsController } from './items/items.controller';
import { ItemsService } from './items/items.service';
import { CreateInventoryItems1732200000001 } from './migrations/1732200000001-create-inventory-items';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'inventory',
      entities: [InventoryItemEntity],
      migrations: [CreateInventoryItems1732200000001],
    }),
  ],
  controllers: [ItemsController],
  providers: [ItemsService],
})
export class AppModule {}

export const inventoryService: ServiceDefinition = { name: 'inventory', module: AppModule };
