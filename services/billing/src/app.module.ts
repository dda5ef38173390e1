import { PlatformModule, ServiceDefinition } from '@cincy/platform';
import { Module } from '@nestjs/common';
import { InvoicesController, InvoicesRepository, InvoicesService } from './invoices';
import { BillableJobsRepository } from './jobs';
import { CreateBilling1733600000001 } from './migrations/1733600000001-create-billing';
import { Payments1733600000002 } from './migrations/1733600000002-payments';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'billing',
      entities: [],
      migrations: [CreateBilling1733600000001, Payments1733600000002],
    }),
  ],
  controllers: [InvoicesController],
  providers: [InvoicesRepository, InvoicesService, BillableJobsRepository],
})
export class AppModule {}

export const billingService: ServiceDefinition = { name: 'billing', module: AppModule };
