import { Role, RPC, RpcSubject } from '@cincy/contracts';
import { RequestMethod, Type } from '@nestjs/common';
import {
  GUARDS_METADATA,
  HTTP_CODE_METADATA,
  METHOD_METADATA,
  PATH_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { z } from 'zod';
import {
  PUBLIC_KEY,
  ROLES_KEY,
  SIGN_IN_STEP_KEY,
  SUPERVISOR_KEY,
} from '../access/access.decorators';
import { Contract } from '../common/contract.pipe';
import { Refusal, isRefusingGuard } from '../common/refusals';
import { ROUTE_DOC_KEY, RouteDoc } from './route-doc.decorator';

/** Who may call a route, as the SessionGuard reads it. */
export interface RouteAccess {
  public: boolean;
  /** Roles allowed; empty means every signed-in user. */
  roles: Role[];
  /** The named supervisor account (SUPERVISOR_USERNAME) may call it too (AdminOrSupervisor). */
  supervisor: boolean;
  /** A session still finishing its sign-in may call it (SignInStep). */
  signInStep: boolean;
}

export interface RouteInput {
  source: 'body' | 'query' | 'param' | 'header';
  /** The path parameter's or header's name. */
  name?: string;
  schema: z.ZodType;
  /** What the route answers when this input breaks its contract. */
  refusal: Refusal;
}

export interface GatewayRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Express form, with the global prefix: `/api/appointments/:id/status`. */
  path: string;
  handler: string;
  access: RouteAccess;
  inputs: RouteInput[];
  status: number;
  /** What the route's own guards refuse (`static refuses` of each). */
  guardRefusals: Refusal[];
  /** The RPC subjects it calls: the answer's subject, and any the @Doc names. */
  calls: RpcSubject[];
  doc?: RouteDoc;
}

const PARAM_TYPES = new Set([RouteParamtypes.BODY, RouteParamtypes.QUERY, RouteParamtypes.PARAM]);

const join = (...parts: string[]) =>
  `/${parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/')}`;

/**
 * The gateway's routes read off its controllers' own decorators (paths, methods, access, zod
 * contracts of the Contract pipes, @Doc), so the API document and the authorization matrix can
 * never disagree with what the app serves.
 */
export function readRouteTable(controllers: Type[], prefix = 'api'): GatewayRoute[] {
  const routes: GatewayRoute[] = [];
  for (const controller of controllers) {
    const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
    const proto = controller.prototype as Record<string, unknown>;
    for (const handler of Object.getOwnPropertyNames(proto)) {
      const fn = proto[handler];
      if (handler === 'constructor' || typeof fn !== 'function') continue;
      const method = Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod | undefined;
      const path = Reflect.getMetadata(PATH_METADATA, fn) as string | undefined;
      if (method === undefined || path === undefined) continue;
      const meta = <T>(key: string): T | undefined =>
        (Reflect.getMetadata(key, fn) ?? Reflect.getMetadata(key, controller)) as T | undefined;
      const args = Object.entries(
        (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler) ?? {}) as Record<
          string,
          ArgMetadata
        >,
      );
      const doc = meta<RouteDoc>(ROUTE_DOC_KEY);
      const guards = [
        ...((Reflect.getMetadata(GUARDS_METADATA, controller) ?? []) as unknown[]),
        ...((Reflect.getMetadata(GUARDS_METADATA, fn) ?? []) as unknown[]),
      ];
      routes.push({
        method: RequestMethod[method] as GatewayRoute['method'],
        path: join(prefix, base, path),
        handler: `${controller.name}.${handler}`,
        access: {
          public: meta<boolean>(PUBLIC_KEY) ?? false,
          roles: meta<Role[]>(ROLES_KEY) ?? [],
          supervisor: meta<boolean>(SUPERVISOR_KEY) ?? false,
          signInStep: meta<boolean>(SIGN_IN_STEP_KEY) ?? false,
        },
        inputs: args.flatMap(([key, arg]) => contractsOf(key, arg)),
        status: meta<number>(HTTP_CODE_METADATA) ?? (method === RequestMethod.POST ? 201 : 200),
        guardRefusals: guards.filter(isRefusingGuard).flatMap((guard) => guard.refuses),
        calls: [
          ...(typeof doc?.answer === 'string' && doc.answer in RPC ? [doc.answer] : []),
          ...(doc?.calls ?? []),
        ],
        doc,
      });
    }
  }
  return routes;
}

interface ArgMetadata {
  index: number;
  data?: string;
  pipes?: unknown[];
}

/** The Contract pipes of a handler's argument: what it parses, from where (custom decorators too). */
function contractsOf(key: string, arg: ArgMetadata): RouteInput[] {
  const type = Number(key.split(':')[0]);
  const custom = key.includes('__customRouteArgs__');
  if (!custom && !PARAM_TYPES.has(type)) return [];
  return (arg.pipes ?? [])
    .filter((pipe): pipe is Contract<z.ZodType> => pipe instanceof Contract)
    .map((pipe) => ({
      source: pipe.source,
      name: pipe.name ?? arg.data,
      schema: pipe.schema,
      refusal: pipe.refusal,
    }));
}

/** Who may call it, in words, as the API document and docs/authz.md say it. */
export function describeAccess(access: RouteAccess): string {
  if (access.public) return 'Anyone, signed in or not.';
  if (!access.roles.length) return 'Any signed-in user (admin or technician).';
  const roles = access.roles.join(' or ');
  return access.supervisor
    ? `Signed-in ${roles}, or the supervisor account.`
    : `Signed-in ${roles} only.`;
}
