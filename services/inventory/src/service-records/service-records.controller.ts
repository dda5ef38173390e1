import { RpcMessage } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { SalesService } from '../sales';
import { ServiceRecordsService } from './service-records.service';

type Record = RpcMessage<'inventory.service-records.record'>;
type Verify = RpcMessage<'inventory.service-records.verify-serial'>;

@Controller()
export class ServiceRecordsController {
  constructor(
    private readonly records: ServiceRecordsService,
    private readonly sales: SalesService,
  ) {}

  @RpcHandler('inventory.service-records.record')
  record(@RpcPayload('inventory.service-records.record') m: Record) {
    return this.records.record(
      m.record,
      m.technician,
      m.customer,
      m.actor,
      m.completedAt,
      m.batteryTests,
    );
  }

  @RpcHandler('inventory.service-records.verify-serial')
  verifySerial(
    @RpcPayload('inventory.service-records.verify-serial') { customerId, serialNumber }: Verify,
  ) {
    return this.records.verifySerial(customerId, serialNumber);
  }

  @RpcHandler('inventory.service-records.of-customer')
  ofCustomer(
    @RpcPayload('inventory.service-records.of-customer')
    { customerId }: RpcMessage<'inventory.service-records.of-customer'>,
  ) {
    return this.records.ofCustomer(customerId);
  }

  @RpcHandler('inventory.service-records.search')
  search(
    @RpcPayload('inventory.service-records.search')
    { serialNumber }: RpcMessage<'inventory.service-records.search'>,
  ) {
    return this.records.searchSerial(serialNumber);
  }

  @RpcHandler('inventory.service-records.history')
  history(
    @RpcPayload('inventory.service-records.history')
    { customerId }: RpcMessage<'inventory.service-records.history'>,
  ) {
    return this.records.history(customerId);
  }

  @RpcHandler('inventory.service-records.chain')
  chain(
    @RpcPayload('inventory.service-records.chain')
    { serial }: RpcMessage<'inventory.service-records.chain'>,
  ) {
    return this.records.chain(serial);
  }

  @RpcHandler('inventory.sales.today')
  salesToday() {
    return this.sales.today();
  }
}
