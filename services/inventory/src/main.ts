import 'reflect-metadata';
import { runService } from '@cincy/platform';
import { AppModule } from './app.module';

void runService('inventory', AppModule);
