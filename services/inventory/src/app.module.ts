import { PlatformModule, ServiceDefinition } from '@cincy/platform';
import { Module } from '@nestjs/common';
import { CustomerCopiesService, CustomersRepository } from './customers';
import { LocationsController, TransfersService, VansService } from './locations';
import {
  ReservationsController,
  ReservationsRepository,
  ReservationsService,
} from './reservations';
import {
  InventoryItemEntity,
  InventoryTransactionEntity,
  ItemsController,
  ItemsRepository,
  LocationsRepository,
  ItemsService,
  MovementsController,
  MovementsService,
  StockService,
} from './items';
import { CreateInventoryItems1732200000001 } from './migrations/1732200000001-create-inventory-items';
import { ServiceRecordsAndStock1732400000001 } from './migrations/1732400000001-service-records-and-stock';
import { CustomersCopy1732500000001 } from './migrations/1732500000001-customers-copy';
import { SerialsInstalledOnce1732600000001 } from './migrations/1732600000001-serials-installed-once';
import { ServiceRecordPrice1733000000002 } from './migrations/1733000000002-service-record-price';
import { ErasedCustomers1733100000001 } from './migrations/1733100000001-erased-customers';
import { ServiceRecordTests1733400000001 } from './migrations/1733400000001-service-record-tests';
import { OldBatteryKept1733600000001 } from './migrations/1733600000001-old-battery-kept';
import { ItemPrices1733700000001 } from './migrations/1733700000001-item-prices';
import { WarrantyMonths1733700000002 } from './migrations/1733700000002-warranty-months';
import { StockLocations1733800000001 } from './migrations/1733800000001-stock-locations';
import { Reservations1733800000002 } from './migrations/1733800000002-reservations';
import { WarrantyClaims1733800000003 } from './migrations/1733800000003-warranty-claims';
import { VanMinimum1733800000004 } from './migrations/1733800000004-van-minimum';
import { ReleasedAppointments1733800000005 } from './migrations/1733800000005-released-appointments';
import {
  WarrantyClaimsController,
  WarrantyClaimsRepository,
  WarrantyClaimsService,
} from './warranty';
import { SalesRepository, SalesService } from './sales';
import {
  ServiceRecordEntity,
  ServiceRecordsController,
  ServiceRecordsRepository,
  ServiceRecordsService,
} from './service-records';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'inventory',
      entities: [InventoryItemEntity, InventoryTransactionEntity, ServiceRecordEntity],
      migrations: [
        CreateInventoryItems1732200000001,
        ServiceRecordsAndStock1732400000001,
        CustomersCopy1732500000001,
        SerialsInstalledOnce1732600000001,
        ServiceRecordPrice1733000000002,
        ErasedCustomers1733100000001,
        ServiceRecordTests1733400000001,
        OldBatteryKept1733600000001,
        ItemPrices1733700000001,
        WarrantyMonths1733700000002,
        StockLocations1733800000001,
        Reservations1733800000002,
        WarrantyClaims1733800000003,
        VanMinimum1733800000004,
        ReleasedAppointments1733800000005,
      ],
    }),
  ],
  controllers: [
    ItemsController,
    MovementsController,
    ServiceRecordsController,
    WarrantyClaimsController,
    LocationsController,
    ReservationsController,
  ],
  providers: [
    ItemsRepository,
    ItemsService,
    MovementsService,
    StockService,
    SalesRepository,
    SalesService,
    ServiceRecordsRepository,
    ServiceRecordsService,
    CustomersRepository,
    CustomerCopiesService,
    WarrantyClaimsRepository,
    WarrantyClaimsService,
    LocationsRepository,
    TransfersService,
    VansService,
    ReservationsRepository,
    ReservationsService,
  ],
})
export class AppModule {}

export const inventoryService: ServiceDefinition = { name: 'inventory', module: AppModule };
