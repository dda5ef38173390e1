import { ERROR_CODES, Role, SESSION, SessionUser } from '@cincy/contracts';
import { Controller, ExecutionContext, Get, HttpException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AdminOrSupervisor, Public, Roles, SignInStep } from './access.decorators';
import { SessionGuard } from './session.guard';
import { SessionResolver } from './session-resolver';

@Controller()
class ExampleController {
  @Public()
  @Get()
  open() {}

  @Get()
  staff() {}

  @Roles('admin')
  @Get()
  adminOnly() {}

  @AdminOrSupervisor()
  @Get()
  decline() {}

  @SignInStep()
  @Get()
  secondStep() {}
}

const full = { stage: 'full' as const };
const users: Record<string, SessionUser> = {
  'admin-token': { id: 1, name: 'Ada', username: 'ada', role: 'admin', sessionId: 1, ...full },
  'tech-token': { id: 2, name: 'Tom', username: 'tom', role: 'technician', sessionId: 2, ...full },
  'lead-token': {
    ...{ id: 3, name: 'Lee', username: 'Dispatch.Lead', role: 'technician', sessionId: 3 },
    ...full,
  },
  // Passwords typed, second steps owed (issue 38).
  'mfa-token': { id: 4, name: 'Mo', username: 'mo', role: 'admin', sessionId: 4, stage: 'mfa' },
  'enroll-token': {
    id: 5,
    name: 'En',
    username: 'en',
    role: 'admin',
    sessionId: 5,
    stage: 'enroll',
  },
};

const resolver = {
  resolve: async (token: string) => users[token] ?? null,
} as unknown as SessionResolver;
const guard = new SessionGuard(new Reflector(), resolver, {
  SUPERVISOR_USERNAME: 'dispatch.lead',
});

function contextFor(handler: keyof ExampleController, token?: string) {
  const request: { cookies: Record<string, string>; currentUser?: SessionUser } = {
    cookies: token ? { [SESSION.cookieName]: token } : {},
  };
  const context = {
    getHandler: () => ExampleController.prototype[handler],
    getClass: () => ExampleController,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
  return { context, request };
}

async function statusOf(handler: keyof ExampleController, token?: string): Promise<number> {
  try {
    await guard.canActivate(contextFor(handler, token).context);
    return 200;
  } catch (error) {
    return (error as HttpException).getStatus();
  }
}

describe('SessionGuard (roles enforced on the server)', () => {
  it.each<[keyof ExampleController, string | undefined, number]>([
    ['open', undefined, 200],
    ['open', 'tech-token', 200],
    ['staff', undefined, 401],
    ['staff', 'expired-token', 401],
    ['staff', 'tech-token', 200],
    ['staff', 'admin-token', 200],
    ['adminOnly', undefined, 401],
    ['adminOnly', 'tech-token', 403],
    ['adminOnly', 'admin-token', 200],
    ['adminOnly', 'lead-token', 403],
    ['decline', 'admin-token', 200],
    ['decline', 'lead-token', 200], // the named account, whatever the case of its name
    ['decline', 'tech-token', 403],
    ['decline', undefined, 401],
    ['staff', 'mfa-token', 403],
    ['adminOnly', 'enroll-token', 403],
    ['secondStep', 'mfa-token', 200],
    ['secondStep', 'enroll-token', 200],
    ['secondStep', 'tech-token', 200],
    ['secondStep', undefined, 401],
  ])('%s with %s answers %i', async (handler, token, status) => {
    expect(await statusOf(handler, token)).toBe(status);
  });

  it('answers a session owing its second step MFA_REQUIRED, saying what to do', async () => {
    for (const [token, words] of [
      ['mfa-token', /second step/],
      ['enroll-token', /Set up two-step sign-in/],
    ] as const) {
      const refusal = await guard.canActivate(contextFor('staff', token).context).catch((e) => e);
      expect((refusal as HttpException).getResponse()).toEqual({
        code: ERROR_CODES.mfaRequired,
        message: expect.stringMatching(words),
      });
    }
  });

  it('tells a public route nobody is calling while the second step is owed', async () => {
    const { context, request } = contextFor('open', 'mfa-token');
    await guard.canActivate(context);
    expect(request.currentUser).toBeUndefined();
  });

  it('tells public routes who is calling, so staff can book for anyone', async () => {
    const { context, request } = contextFor('open', 'admin-token');
    await guard.canActivate(context);
    expect(request.currentUser?.role).toBe<Role>('admin');
  });
});
