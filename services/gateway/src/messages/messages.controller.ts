import { CurrentUser, MessagesQuery, messagesQuerySchema } from '@cincy/contracts';
import { RpcClient } from '@cincy/platform';
import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { Roles, User } from '../access/access.decorators';
import { Contract, PathId } from '../common/contract.pipe';
import { Doc } from '../routes/route-doc.decorator';

/** What was sent to customers (notify): the job's drawer and the Messages view, admins only. */
@Roles('admin')
@Controller()
export class MessagesController {
  constructor(private readonly rpc: RpcClient) {}

  @Doc("A job's messages to its customer, oldest first", 'notify.messages.of-appointment')
  @Get('appointments/:id/messages')
  ofAppointment(@Param('id', PathId) id: number) {
    return this.rpc.call('notify.messages.of-appointment', { id });
  }

  @Doc("One day's messages (today by default), newest first, by state", 'notify.messages.list')
  @Get('messages')
  list(@Query(new Contract(messagesQuerySchema, 'query')) query: MessagesQuery) {
    return this.rpc.call('notify.messages.list', query);
  }

  /** Only a failed message (notify: 409 otherwise); it is queued again, its attempts from zero. */
  @Doc('Send a failed message again', 'notify.messages.resend')
  @Post('messages/:id/resend')
  @HttpCode(200)
  resend(@Param('id', PathId) id: number, @User() actor: CurrentUser) {
    return this.rpc.call('notify.messages.resend', { id, actor });
  }
}
