export { LifecycleController } from './lifecycle.controller';
export { DECLINED_MESSAGE, LifecycleService } from './lifecycle.service';
