export { LastPosition, QueuePlace, TrackedJob, trackingFacts } from './tracking-facts';
export { TrackingController } from './tracking.controller';
export { TrackingRepository } from './tracking.repository';
export { TrackingService } from './tracking.service';
