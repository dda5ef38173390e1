import { RpcMessage } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { MoneyReportRepository } from './money-report.repository';

@Controller()
export class MoneyReportController {
  constructor(private readonly reports: MoneyReportRepository) {}

  @RpcHandler('billing.reports.money')
  money(@RpcPayload('billing.reports.money') query: RpcMessage<'billing.reports.money'>) {
    return this.reports.report(query);
  }
}
