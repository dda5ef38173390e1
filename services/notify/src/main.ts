import 'reflect-metadata';
import { runService } from '@cincy/platform';
import { notifyService } from './app.module';

void runService(notifyService);
