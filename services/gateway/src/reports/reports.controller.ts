import { ReportQuery, reportQuerySchema } from '@cincy/contracts';
import { RpcClient } from '@cincy/platform';
import { Controller, Get, Query } from '@nestjs/common';
import { Roles } from '../access/access.decorators';
import { Contract } from '../common/contract.pipe';
import { Doc } from '../routes/route-doc.decorator';

/** The Reports screen's figures (dispatch's stored daily rows), admins only. */
@Roles('admin')
@Controller()
export class ReportsController {
  constructor(private readonly rpc: RpcClient) {}

  @Doc(
    'Jobs, batteries, revenue, SLA and times for a range of business days, per period and technician',
    'dispatch.reports.summary',
  )
  @Get('reports')
  summary(@Query(new Contract(reportQuerySchema, 'query')) query: ReportQuery) {
    return this.rpc.call('dispatch.reports.summary', query);
  }

  @Doc(
    'Invoiced and collected per business day, technician and method, and what is owed now (oldest first, with its age)',
    'billing.reports.money',
  )
  @Get('reports/money')
  money(@Query(new Contract(reportQuerySchema, 'query')) query: ReportQuery) {
    return this.rpc.call('billing.reports.money', query);
  }
}
