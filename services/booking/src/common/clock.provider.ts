import { Provider } from '@nestjs/common';
import { BOOKING_ENV, BookingEnv } from '../config';
import { Clock, FixedClock, SystemClock } from './clock';

export const clockProvider: Provider = {
  provide: Clock,
  inject: [BOOKING_ENV.token],
  useFactory: (env: BookingEnv) =>
    env.BOOKING_FIXED_NOW ? new FixedClock(new Date(env.BOOKING_FIXED_NOW)) : new SystemClock(),
};
