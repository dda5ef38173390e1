import 'reflect-metadata';
import { runService } from '@cincy/platform';
import { dispatchService } from './app.module';

void runService(dispatchService);
