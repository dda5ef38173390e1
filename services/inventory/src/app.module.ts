import { PlatformModule, ServiceDefinition } from '@cincy/platform';
import { Module } from '@nestjs/common';
import { AppointmentCopiesService } from './appointments/appointment-copies.service';
import { AppointmentCopyEntity } from './appointments/appointment-copy.entity';
import { CustomerCopiesService } from './customers/customer-copies.service';
import { CustomerCopyEntity } from './customers/customer-copy.entity';
import { InventoryItemEntity } from './items/inventory-item.entity';
import { InventoryTransactionEntity } from './items/inventory-transaction.entity';
import { ItemsController } from './items/items.controller';
import { ItemsService } from './items/items.service';
import { StockService } from './items/stock.service';
import { CreateInventoryItems1732200000001 } from './migrations/1732200000001-create-inventory-items';
import { ServiceRecordsAndStock1732400000001 } from './migrations/1732400000001-service-records-and-stock';
import { CustomersCopy1732500000001 } from './migrations/1732500000001-customers-copy';
import { SalesService } from './sales/sales.service';
import { ServiceRecordEntity } from './service-records/service-record.entity';
import { ServiceRecordsController } from './service-records/service-records.controller';
import { ServiceRecordsService } from './service-records/service-records.service';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'inventory',
      entities: [
        InventoryItemEntity,
        InventoryTransactionEntity,
        ServiceRecordEntity,
        AppointmentCopyEntity,
        CustomerCopyEntity,
      ],
      migrations: [
        CreateInventoryItems1732200000001,
        ServiceRecordsAndStock1732400000001,
        CustomersCopy1732500000001,
      ],
    }),
  ],
  controllers: [ItemsController, ServiceRecordsController],
  providers: [
    ItemsService,
    StockService,
    SalesService,
    ServiceRecordsService,
    AppointmentCopiesService,
    CustomerCopiesService,
  ],
})
export class AppModule {}

export const inventoryService: ServiceDefinition = { name: 'inventory', module: AppModule };
