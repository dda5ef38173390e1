import { RpcMessage } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { ReportsService } from './reports.service';

type ReportQuery = RpcMessage<'dispatch.reports.summary'>;

@Controller()
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @RpcHandler('dispatch.reports.summary')
  summary(@RpcPayload('dispatch.reports.summary') query: ReportQuery) {
    return this.reports.summary(query);
  }
}
