export { AutoAssignment, autoAssignments } from './auto-dispatch';
export { ComputedEntry, QueueJob, computeQueue, queueChanged } from './compute-queue';
export { QueueController } from './queue.controller';
export { QueueRepository } from './queue.repository';
export { AUTO_DISPATCH_ACTOR, QueueService } from './queue.service';
