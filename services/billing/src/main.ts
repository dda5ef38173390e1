import 'reflect-metadata';
import { runService } from '@cincy/platform';
import { billingService } from './app.module';

void runService(billingService);
