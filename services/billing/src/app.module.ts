import { PlatformModule, ServiceDefinition } from '@cincy/platform';
import { Module } from '@nestjs/common';
import { InvoicesController, InvoicesRepository, InvoicesService } from './invoices';
import { BillableJobsRepository } from './jobs';
import { CreateBilling1733600000001 } from './migrations/1733600000001-create-billing';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'billing',
      entities: [],
      migrations: [CreateBilling1733600000001],
    }),
  ],
  controllers: [InvoicesController],
  providers: [InvoicesRepository, InvoicesService, BillableJobsRepository],
})
export class AppModule {}

export const billingService: ServiceDefinition = { name: 'billing', module: AppModule };
