import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One business day's running totals. Numerics arrive as strings. */
@Entity({ name: 'daily_metrics' })
export class DailyMetricEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'metric_date', type: 'date', unique: true })
  metricDate: string;

  @Column({ name: 'total_tasks_completed', type: 'integer', default: 0 })
  totalTasksCompleted: number;

  @Column({ name: 'total_available_hours', type: 'numeric', precision: 10, scale: 4, default: 0 })
  totalAvailableHours: string;

  @Column({ name: 'total_install_time', type: 'integer', default: 0 })
  totalInstallTime: number;

  @Column({ name: 'total_install_count', type: 'integer', default: 0 })
  totalInstallCount: number;

  @Column({ name: 'tasks_per_available_hour', type: 'numeric', precision: 6, scale: 1, default: 0 })
  tasksPerAvailableHour: string;

  @Column({ name: 'average_install_time', type: 'integer', default: 0 })
  averageInstallTime: number;

  @Column({ name: 'last_updated', type: 'timestamptz' })
  lastUpdated: Date;
}
