import { PlatformModule, ServiceDefinition } from '@cincy/platform';
import { Module } from '@nestjs/common';
import { SendWake } from './common/send-wake';
import { TEMPLATES } from './common/templates';
import { NOTIFY_ENV } from './config';
import { CopiesRepository } from './copies';
import { MessagesController, MessagesRepository, MessagesService } from './messages';
import { NotifyTables1732800000001 } from './migrations/1732800000001-notify-tables';
import { VisitOrder1732800000002 } from './migrations/1732800000002-visit-order';
import { DueMessageIndexes1733300000106 } from './migrations/1733300000106-due-message-indexes';
import { PaymentStatus1733600000001 } from './migrations/1733600000001-payment-status';
import { ErasedCustomers1733900000001 } from './migrations/1733900000001-erased-customers';
import { Sender } from './outbound';
import { ReceiptsController, ReceiptsRepository, ReceiptsService } from './receipts';
import { StepsService } from './steps';
import { ReactEmailTemplates } from './templates';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'notify',
      // Every table is read and written with SQL in its repository.
      entities: [],
      migrations: [
        NotifyTables1732800000001,
        VisitOrder1732800000002,
        DueMessageIndexes1733300000106,
        PaymentStatus1733600000001,
        ErasedCustomers1733900000001,
      ],
    }),
  ],
  controllers: [MessagesController, ReceiptsController],
  providers: [
    { provide: TEMPLATES, useClass: ReactEmailTemplates },
    SendWake,
    CopiesRepository,
    MessagesRepository,
    MessagesService,
    ReceiptsRepository,
    ReceiptsService,
    StepsService,
    Sender,
  ],
})
export class AppModule {}

export const notifyService: ServiceDefinition = {
  name: 'notify',
  module: AppModule,
  env: [NOTIFY_ENV],
};
