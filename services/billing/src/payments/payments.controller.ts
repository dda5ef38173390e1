import { RpcMessage } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { PaymentsService } from './payments.service';

type RecordPayment = RpcMessage<'billing.payments.record'>;
type RecordForJob = RpcMessage<'billing.payments.record-for-job'>;
type CreateLink = RpcMessage<'billing.payment-links.create'>;
type PayVisit = RpcMessage<'billing.payments.pay-visit'>;
type OpenLink = RpcMessage<'billing.payment-links.open'>;
type Webhook = RpcMessage<'billing.webhooks.receive'>;
type Refund = RpcMessage<'billing.refunds.record'>;

@Controller()
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @RpcHandler('billing.payments.record')
  recordPayment(@RpcPayload('billing.payments.record') m: RecordPayment) {
    return this.payments.recordPayment(m.invoiceId, m.payment, m.actor, m.idempotencyKey);
  }

  @RpcHandler('billing.payments.record-for-job')
  recordPaymentForJob(@RpcPayload('billing.payments.record-for-job') m: RecordForJob) {
    return this.payments.recordPaymentForJob(m.appointmentId, m.payment, m.actor, m.idempotencyKey);
  }

  @RpcHandler('billing.payment-links.create')
  paymentLink(@RpcPayload('billing.payment-links.create') m: CreateLink) {
    return this.payments.paymentLink(m.invoiceId, m.actor);
  }

  @RpcHandler('billing.payments.pay-visit')
  payVisit(@RpcPayload('billing.payments.pay-visit') m: PayVisit) {
    return this.payments.payVisit(m.appointmentId);
  }

  @RpcHandler('billing.payment-links.open')
  openLink(@RpcPayload('billing.payment-links.open') m: OpenLink) {
    return this.payments.openLink(m.code);
  }

  @RpcHandler('billing.webhooks.receive')
  webhook(@RpcPayload('billing.webhooks.receive') m: Webhook) {
    return this.payments.webhook(m.payload, m.signature);
  }

  @RpcHandler('billing.refunds.record')
  refund(@RpcPayload('billing.refunds.record') m: Refund) {
    return this.payments.refund(m.invoiceId, m.refund, m.actor, m.idempotencyKey);
  }
}
