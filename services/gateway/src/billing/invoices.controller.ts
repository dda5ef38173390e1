import { CurrentUser } from '@cincy/contracts';
import { RpcClient } from '@cincy/platform';
import { Controller, Get, Param } from '@nestjs/common';
import { User } from '../access/access.decorators';
import { PathId } from '../common/contract.pipe';
import { Doc } from '../routes/route-doc.decorator';

/** Invoices (issue 36): billing decides who may see one (the office any, a technician their own). */
@Controller('appointments')
export class InvoicesController {
  constructor(private readonly rpc: RpcClient) {}

  @Doc(
    "The job's invoice, issued when it was completed: lines, tax and totals in cents",
    'billing.invoices.of-appointment',
  )
  @Get(':id/invoice')
  ofAppointment(@Param('id', PathId) appointmentId: number, @User() actor: CurrentUser) {
    return this.rpc.call('billing.invoices.of-appointment', { appointmentId, actor });
  }
}
