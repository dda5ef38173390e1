import { RpcMessage } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { InvoicesService } from './invoices.service';

type OfAppointment = RpcMessage<'billing.invoices.of-appointment'>;
type List = RpcMessage<'billing.invoices.list'>;
type Pdf = RpcMessage<'billing.invoices.pdf'>;

@Controller()
export class InvoicesController {
  constructor(private readonly invoices: InvoicesService) {}

  @RpcHandler('billing.invoices.list')
  list(@RpcPayload('billing.invoices.list') query: List) {
    return this.invoices.list(query);
  }

  @RpcHandler('billing.invoices.pdf')
  pdf(@RpcPayload('billing.invoices.pdf') { invoiceId, actor }: Pdf) {
    return this.invoices.pdf(invoiceId, actor);
  }

  @RpcHandler('billing.invoices.of-appointment')
  ofAppointment(
    @RpcPayload('billing.invoices.of-appointment') { appointmentId, actor }: OfAppointment,
  ) {
    return this.invoices.ofAppointment(appointmentId, actor);
  }
}
