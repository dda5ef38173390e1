import 'reflect-metadata';
import { runService } from '@cincy/platform';
import { bookingService } from './app.module';

void runService(bookingService);
