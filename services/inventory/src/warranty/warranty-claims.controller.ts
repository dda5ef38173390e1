import { RpcHandler } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { WarrantyClaimsRepository } from './warranty-claims.repository';

@Controller()
export class WarrantyClaimsController {
  constructor(private readonly claims: WarrantyClaimsRepository) {}

  @RpcHandler('inventory.warranty.claims')
  list() {
    return this.claims.list();
  }

  @RpcHandler('inventory.warranty.due-tests')
  dueTests() {
    return this.claims.dueTests();
  }
}
