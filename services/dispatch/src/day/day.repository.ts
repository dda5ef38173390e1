import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { BoardAppointmentEntity, boardRows } from '../board';

/** The jobs of one business day, as the day view reads them. */
@Injectable()
export class DayRepository {
  constructor(private readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /**
   * Not declined or cancelled (no visit happens), and scheduled for the day; or ASAP and requested
   * or completed within [from, until), or still open when `withOpen` (today and the days ahead,
   * where the queue may place them).
   */
  jobsOfDay(
    manager: EntityManager,
    date: string,
    from: Date,
    until: Date,
    withOpen: boolean,
  ): Promise<BoardAppointmentEntity[]> {
    return boardRows(
      manager,
      `WHERE a.status NOT IN ('declined', 'cancelled')
         AND (a.scheduled_date = $1 OR (a.scheduled_date IS NULL AND (
               (a.requested_at >= $2 AND a.requested_at < $3)
            OR (a.completed_at >= $2 AND a.completed_at < $3)
            OR ($4 AND a.closed_at IS NULL))))`,
      [date, from, until, withOpen],
    );
  }
}
