import { RpcMessage } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { LinksService } from './links.service';
import { MfaService } from './mfa.service';
import { PasskeysService } from './passkeys.service';

type M<S extends Parameters<typeof RpcPayload>[0]> = RpcMessage<S>;

/** The second step, passkeys, invitations and password resets (issue 38). */
@Controller()
export class AccountsController {
  constructor(
    private readonly mfa: MfaService,
    private readonly passkeys: PasskeysService,
    private readonly links: LinksService,
  ) {}

  @RpcHandler('identity.mfa.status')
  status(@RpcPayload('identity.mfa.status') { token }: M<'identity.mfa.status'>) {
    return this.mfa.status(token);
  }

  @RpcHandler('identity.mfa.totp-setup')
  totpSetup(@RpcPayload('identity.mfa.totp-setup') { token }: M<'identity.mfa.totp-setup'>) {
    return this.mfa.setup(token);
  }

  @RpcHandler('identity.mfa.totp-confirm')
  totpConfirm(@RpcPayload('identity.mfa.totp-confirm') b: M<'identity.mfa.totp-confirm'>) {
    return this.mfa.confirm(b.token, b.code);
  }

  @RpcHandler('identity.mfa.verify')
  verify(@RpcPayload('identity.mfa.verify') b: M<'identity.mfa.verify'>) {
    return this.mfa.verify(b.token, b.proof, b.client);
  }

  @RpcHandler('identity.passkeys.registration-options')
  registrationOptions(
    @RpcPayload('identity.passkeys.registration-options')
    b: M<'identity.passkeys.registration-options'>,
  ) {
    return this.passkeys.registrationOptions(b.token, b.rp);
  }

  @RpcHandler('identity.passkeys.register')
  register(@RpcPayload('identity.passkeys.register') b: M<'identity.passkeys.register'>) {
    return this.passkeys.register(b.token, b.rp, b);
  }

  @RpcHandler('identity.passkeys.authentication-options')
  authenticationOptions(
    @RpcPayload('identity.passkeys.authentication-options')
    b: M<'identity.passkeys.authentication-options'>,
  ) {
    return this.passkeys.authenticationOptions(b.rp);
  }

  @RpcHandler('identity.passkeys.authenticate')
  authenticate(
    @RpcPayload('identity.passkeys.authenticate') b: M<'identity.passkeys.authenticate'>,
  ) {
    return this.passkeys.authenticate(b, b.rp, b.client);
  }

  @RpcHandler('identity.passkeys.delete')
  removePasskey(@RpcPayload('identity.passkeys.delete') b: M<'identity.passkeys.delete'>) {
    return this.passkeys.remove(b.token, b.id);
  }

  @RpcHandler('identity.invitations.create')
  invite(@RpcPayload('identity.invitations.create') b: M<'identity.invitations.create'>) {
    return this.links.invite(b.invitation, b.actor);
  }

  @RpcHandler('identity.invitations.read')
  readInvitation(@RpcPayload('identity.invitations.read') b: M<'identity.invitations.read'>) {
    return this.links.readInvitation(b.token);
  }

  @RpcHandler('identity.invitations.accept')
  accept(@RpcPayload('identity.invitations.accept') b: M<'identity.invitations.accept'>) {
    return this.links.accept(b.token, b);
  }

  @RpcHandler('identity.password.change')
  changePassword(@RpcPayload('identity.password.change') b: M<'identity.password.change'>) {
    return this.links.change(b.token, b);
  }

  @RpcHandler('identity.password-reset.request')
  requestReset(
    @RpcPayload('identity.password-reset.request') b: M<'identity.password-reset.request'>,
  ) {
    return this.links.requestReset(b.login);
  }

  @RpcHandler('identity.password-reset.complete')
  reset(@RpcPayload('identity.password-reset.complete') b: M<'identity.password-reset.complete'>) {
    return this.links.reset(b.token, b.password);
  }
}
