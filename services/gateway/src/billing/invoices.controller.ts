import {
  CurrentUser,
  InvoiceListQuery,
  PaymentInput,
  invoiceListQuerySchema,
  paymentInputSchema,
} from '@cincy/contracts';
import { RpcClient } from '@cincy/platform';
import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { Roles, User } from '../access/access.decorators';
import { Contract, PathId } from '../common/contract.pipe';
import { IdempotencyKey } from '../common/idempotency-key';
import { Doc } from '../routes/route-doc.decorator';

/** Invoices (issue 36): billing decides who may see or pay one (the office any, a technician their own). */
@Controller()
export class InvoicesController {
  constructor(private readonly rpc: RpcClient) {}

  @Doc(
    'Invoices by state and the days they were issued on (Cincinnati, both included), newest first, at most 200',
    'billing.invoices.list',
  )
  @Roles('admin')
  @Get('invoices')
  list(@Query(new Contract(invoiceListQuerySchema, 'query')) query: InvoiceListQuery) {
    return this.rpc.call('billing.invoices.list', query);
  }

  @Doc(
    "The job's invoice, issued when it was completed: lines, tax and totals in cents, payments",
    'billing.invoices.of-appointment',
  )
  @Get('appointments/:id/invoice')
  ofAppointment(@Param('id', PathId) appointmentId: number, @User() actor: CurrentUser) {
    return this.rpc.call('billing.invoices.of-appointment', { appointmentId, actor });
  }

  @Doc(
    'Record cash or a check taken for the invoice (never more than is owed), once per Idempotency-Key',
    'billing.payments.record',
  )
  @Post('invoices/:id/payments')
  recordPayment(
    @Param('id', PathId) invoiceId: number,
    @Body(new Contract(paymentInputSchema)) payment: PaymentInput,
    @User() actor: CurrentUser,
    @IdempotencyKey() idempotencyKey: string | undefined,
  ) {
    return this.rpc.call('billing.payments.record', { invoiceId, payment, actor, idempotencyKey });
  }
}
