import {
  CurrentUser,
  InvoiceListQuery,
  PaymentInput,
  RefundInput,
  invoiceListQuerySchema,
  paymentInputSchema,
  refundInputSchema,
} from '@cincy/contracts';
import { RpcClient } from '@cincy/platform';
import {
  Body,
  Controller,
  Get,
  Header,
  Headers,
  HttpCode,
  Param,
  Post,
  Query,
  Req,
  StreamableFile,
} from '@nestjs/common';
import type { Request } from 'express';
import { Public, Roles, User } from '../access/access.decorators';
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

  /** The invoice holds the customer's purchase: never kept by a cache on the way. */
  @Doc('The invoice as a PDF', { file: 'application/pdf' }, { calls: ['billing.invoices.pdf'] })
  @Get('invoices/:id/pdf')
  @Header('Cache-Control', 'no-store')
  async pdf(@Param('id', PathId) invoiceId: number, @User() actor: CurrentUser) {
    const file = await this.rpc.call('billing.invoices.pdf', { invoiceId, actor });
    return new StreamableFile(Buffer.from(file.contentBase64, 'base64'), {
      type: 'application/pdf',
      disposition: `attachment; filename="${file.filename}"`,
    });
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

  @Doc(
    "Record cash or a check taken for the job's invoice, as the phone's outbox sends it (503 while the invoice is not issued yet: send again), once per Idempotency-Key",
    'billing.payments.record-for-job',
  )
  @Post('appointments/:id/payments')
  recordPaymentForJob(
    @Param('id', PathId) appointmentId: number,
    @Body(new Contract(paymentInputSchema)) payment: PaymentInput,
    @User() actor: CurrentUser,
    @IdempotencyKey() idempotencyKey: string | undefined,
  ) {
    return this.rpc.call('billing.payments.record-for-job', {
      appointmentId,
      payment,
      actor,
      idempotencyKey,
    });
  }

  @Doc(
    "Send the customer a card payment link (the provider's hosted checkout) for what the invoice still owes; the link is also the answer, for a QR code",
    'billing.payment-links.create',
  )
  @Post('invoices/:id/payment-link')
  paymentLink(@Param('id', PathId) invoiceId: number, @User() actor: CurrentUser) {
    return this.rpc.call('billing.payment-links.create', { invoiceId, actor });
  }

  @Doc(
    'Refund part or all of one payment, with the reason (a card through the provider), once per Idempotency-Key',
    'billing.refunds.record',
  )
  @Roles('admin')
  @Post('invoices/:id/refunds')
  refund(
    @Param('id', PathId) invoiceId: number,
    @Body(new Contract(refundInputSchema)) refund: RefundInput,
    @User() actor: CurrentUser,
    @IdempotencyKey() idempotencyKey: string | undefined,
  ) {
    return this.rpc.call('billing.refunds.record', { invoiceId, refund, actor, idempotencyKey });
  }

  /** The body is read as the text it came as: the signature is over its exact bytes. */
  @Doc(
    "The payment provider's webhook (Stripe's events), taken only with a valid Stripe-Signature and once per event",
    'billing.webhooks.receive',
    { fileBody: ['application/json'] },
  )
  @Public()
  @HttpCode(200)
  @Post('payments/webhook')
  webhook(@Req() req: Request, @Headers('stripe-signature') signature: string | undefined) {
    const payload = typeof req.body === 'string' ? req.body : '';
    return this.rpc.call('billing.webhooks.receive', { payload, signature: signature ?? '' });
  }
}
