export { StatsController } from './stats.controller';
export { StatsRepository } from './stats.repository';
export { CompletedJob, StatsService } from './stats.service';
export { DailyMetricEntity } from './daily-metric.entity';
export { JobMetricEntity } from './job-metric.entity';
