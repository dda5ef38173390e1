import { PAYMENTS_ENV, PlatformModule, ServiceDefinition } from '@cincy/platform';
import { Module } from '@nestjs/common';
import { InvoicesController, InvoicesRepository, InvoicesService } from './invoices';
import { BillableJobsRepository } from './jobs';
import { MoneyReportController, MoneyReportRepository } from './reports';
import { CreateBilling1733600000001 } from './migrations/1733600000001-create-billing';
import { Payments1733600000002 } from './migrations/1733600000002-payments';
import { CardPayments1733600000003 } from './migrations/1733600000003-card-payments';
import { PriceList1733700000001 } from './migrations/1733700000001-price-list';
import { PriceListController, PriceListRepository, PriceListService } from './prices';
import {
  CardPaymentsRepository,
  CardProvider,
  PaymentsController,
  PaymentsService,
} from './payments';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'billing',
      entities: [],
      migrations: [
        CreateBilling1733600000001,
        Payments1733600000002,
        CardPayments1733600000003,
        PriceList1733700000001,
      ],
    }),
  ],
  controllers: [InvoicesController, PaymentsController, MoneyReportController, PriceListController],
  providers: [
    InvoicesRepository,
    InvoicesService,
    BillableJobsRepository,
    CardPaymentsRepository,
    CardProvider,
    PaymentsService,
    MoneyReportRepository,
    PriceListRepository,
    PriceListService,
  ],
})
export class AppModule {}

export const billingService: ServiceDefinition = {
  name: 'billing',
  module: AppModule,
  env: [PAYMENTS_ENV],
};
