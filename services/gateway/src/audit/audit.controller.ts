import { AuditQuery, auditQuerySchema } from '@cincy/contracts';
import { RpcClient } from '@cincy/platform';
import { Controller, Get, Query } from '@nestjs/common';
import { Roles } from '../access/access.decorators';
import { Contract } from '../common/contract.pipe';
import { Doc } from '../routes/route-doc.decorator';

/** The audit log (identity), read only: no route edits or deletes an entry. Admins only. */
@Roles('admin')
@Controller()
export class AuditController {
  constructor(private readonly rpc: RpcClient) {}

  @Doc("One job's, customer's, item's or user's history, newest first", 'identity.audit.list')
  @Get('audit')
  list(@Query(new Contract(auditQuerySchema, 'query')) query: AuditQuery) {
    return this.rpc.call('identity.audit.list', query);
  }
}
