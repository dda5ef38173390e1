import { CurrentUser } from '@cincy/contracts';
import { CanActivate, ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
import { forbidden } from '../common/api-exception';
import { Refusal } from '../common/refusals';

const NOT_YOURS = 'You can only report your own location and activity.';

/** `/api/users/{id}/...` for the signed-in user's own id only. */
@Injectable()
export class OwnIdGuard implements CanActivate {
  static readonly refuses: readonly Refusal[] = [
    { status: 403, description: 'Someone else’s id: a user reports only their own.' },
  ];

  canActivate(context: ExecutionContext): boolean {
    const req = context
      .switchToHttp()
      .getRequest<{ params: { id?: string }; currentUser?: CurrentUser }>();
    // A malformed id is the path pipe's 400; only a well-formed other id is refused here.
    const id = Number(req.params.id);
    if (Number.isInteger(id) && id > 0 && id !== req.currentUser?.id) throw forbidden(NOT_YOURS);
    return true;
  }
}

export const OwnIdOnly = () => UseGuards(OwnIdGuard);
