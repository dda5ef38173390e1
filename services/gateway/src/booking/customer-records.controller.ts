import {
  CUSTOMER_RECORD_SCHEMAS,
  CustomerRecordKind,
  RpcMessage,
  RpcSubject,
} from '@cincy/contracts';
import { RpcClient } from '@cincy/platform';
import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Type } from '@nestjs/common';
import { z } from 'zod';
import { AdminOrSupervisor } from '../access/access.decorators';
import { Contract, PathId } from '../common/contract.pipe';
import { Doc } from '../routes/route-doc.decorator';

/** A body as staff send it: the text under the kind's name (`{ address }`, `{ vehicle }`). */
type Sent<K extends CustomerRecordKind> = Record<K, string> & { isDefault?: boolean };

/** How each kind of a customer's record reads in its routes and in the API document. */
const KINDS = {
  address: { path: 'addresses', an: 'an address', controller: 'CustomerAddressesController' },
  vehicle: { path: 'vehicles', an: 'a vehicle', controller: 'CustomerVehiclesController' },
} as const;

/**
 * A customer's addresses and vehicles: the same five routes for each kind
 * (`/api/customers/:id/addresses[/:addressId[/default]]`, and `vehicles` the same), each one
 * call to booking's `booking.customer-records.*` with the kind. A body names its text after the
 * kind (`{ address }`, `{ vehicle }`), checked by the kind's own schema.
 */
function customerRecordRoutes<K extends CustomerRecordKind>(kind: K): Type {
  const { path, an, controller } = KINDS[kind];
  const { entry, input } = CUSTOMER_RECORD_SCHEMAS[kind];
  const item = `:id/${path}/:${kind}Id`;
  const body = new Contract(input as z.ZodType<{ isDefault?: boolean } & Record<K, string>>);
  const refusals = (subject: RpcSubject) => ({ calls: [subject] });

  @Controller('customers')
  class CustomerRecordRoutes {
    constructor(private readonly rpc: RpcClient) {}

    @Doc(
      `A customer's ${path}, the default first`,
      z.array(entry),
      refusals('booking.customer-records.list'),
    )
    @Get(`:id/${path}`)
    list(@Param('id', PathId) customerId: number) {
      return this.rpc.call('booking.customer-records.list', { kind, customerId });
    }

    @Doc(`Add ${an} to a customer`, entry, refusals('booking.customer-records.add'))
    @Post(`:id/${path}`)
    add(@Param('id', PathId) customerId: number, @Body(body) sent: Sent<K>) {
      return this.rpc.call('booking.customer-records.add', edit(kind, customerId, sent));
    }

    @Doc(`Edit ${an} of a customer`, entry, refusals('booking.customer-records.update'))
    @Patch(item)
    update(
      @Param('id', PathId) customerId: number,
      @Param(`${kind}Id`, PathId) id: number,
      @Body(body) sent: Sent<K>,
    ) {
      return this.rpc.call('booking.customer-records.update', {
        ...edit(kind, customerId, sent),
        id,
      });
    }

    @Doc(
      `Make ${an} the customer's default`,
      entry,
      refusals('booking.customer-records.set-default'),
    )
    @Put(`${item}/default`)
    setDefault(@Param('id', PathId) customerId: number, @Param(`${kind}Id`, PathId) id: number) {
      return this.rpc.call('booking.customer-records.set-default', { kind, customerId, id });
    }

    @AdminOrSupervisor()
    @Doc(`Remove ${an} of a customer`, 'booking.customer-records.delete')
    @Delete(item)
    remove(@Param('id', PathId) customerId: number, @Param(`${kind}Id`, PathId) id: number) {
      return this.rpc.call('booking.customer-records.delete', { kind, customerId, id });
    }
  }
  // The route table names each operation after its class (`CustomerAddressesController.add`).
  Object.defineProperty(CustomerRecordRoutes, 'name', { value: controller });
  return CustomerRecordRoutes;
}

/** The body as booking takes it: the kind, the customer and the entry's text. */
function edit<K extends CustomerRecordKind>(
  kind: K,
  customerId: number,
  sent: Sent<K>,
): RpcMessage<'booking.customer-records.add'> {
  // The kind's own schema checked the text: it is the text of an entry of that kind.
  return {
    kind,
    customerId,
    text: sent[kind],
    isDefault: sent.isDefault,
  } as RpcMessage<'booking.customer-records.add'>;
}

export const CustomerAddressesController = customerRecordRoutes('address');
export const CustomerVehiclesController = customerRecordRoutes('vehicle');
