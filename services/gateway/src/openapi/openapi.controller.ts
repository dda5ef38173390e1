import { Controller, Get } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { z } from 'zod';
import { Public } from '../access/access.decorators';
import { Doc } from '../routes/route-doc.decorator';
import { readRouteTable } from '../routes/route-table';
import { buildAsyncApiDocument } from './asyncapi-document';
import { buildOpenApiDocument } from './openapi-document';

@Controller()
export class OpenApiController {
  private document?: ReturnType<typeof buildOpenApiDocument>;
  private asyncDocument?: ReturnType<typeof buildAsyncApiDocument>;

  constructor(private readonly discovery: DiscoveryService) {}

  /** Built once, on the first request: the routes cannot change while the gateway runs. */
  @Public()
  @Doc('This document: OpenAPI 3.1 of every route', z.object({ openapi: z.string() }).loose())
  @Get('openapi.json')
  openApi() {
    this.document ??= buildOpenApiDocument(
      readRouteTable(this.discovery.getControllers().map((c) => c.metatype as never)),
    );
    return this.document;
  }

  /** The socket.io events, which OpenAPI cannot describe: AsyncAPI 3.0. */
  @Public()
  @Doc(
    'AsyncAPI 3.0 of the live updates pushed over socket.io',
    z.object({ asyncapi: z.string() }).loose(),
  )
  @Get('asyncapi.json')
  asyncApi() {
    this.asyncDocument ??= buildAsyncApiDocument();
    return this.asyncDocument;
  }
}
