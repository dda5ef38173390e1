import 'reflect-metadata';
import { runService } from '@cincy/platform';
import { identityService } from './app.module';

void runService(identityService);
