import { Provider } from '@nestjs/common';
import { BookingEnv, bookingEnv } from '../config';
import { Clock, FixedClock, SystemClock } from './clock';

export const BOOKING_ENV = Symbol('BOOKING_ENV');

export const bookingEnvProvider: Provider = { provide: BOOKING_ENV, useFactory: bookingEnv };

export const clockProvider: Provider = {
  provide: Clock,
  inject: [BOOKING_ENV],
  useFactory: (env: BookingEnv) =>
    env.BOOKING_FIXED_NOW ? new FixedClock(new Date(env.BOOKING_FIXED_NOW)) : new SystemClock(),
};
