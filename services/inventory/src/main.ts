import 'reflect-metadata';
import { runService } from '@cincy/platform';
import { inventoryService } from './app.module';

void runService(inventoryService);
