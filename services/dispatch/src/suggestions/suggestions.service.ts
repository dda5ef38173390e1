import {
  ERROR_CODES,
  MeasuredDrive,
  Point,
  Standing,
  Suggestion,
  businessDate,
  jobHour,
  rankStandings,
  technicianRanker,
} from '@cincy/contracts';
import { DomainError } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { ScheduleRepository } from '../shifts';
import { TechniciansRepository, toRankingTechnician } from '../technicians';
import { RoutingClient } from './routing.client';
import { SuggestionsRepository } from './suggestions.repository';
import { VanStockService } from './van-stock.service';

/**
 * Who could take a job: the technicians on shift at the job's hour, a van carrying its battery
 * first, then soonest arrival, by the
 * contracts' ranking (the board's card and Assign dialog use the same). The routing server, when
 * there is one, measures the drives from where each will leave.
 */
@Injectable()
export class SuggestionsService {
  constructor(
    private readonly repository: SuggestionsRepository,
    private readonly technicians: TechniciansRepository,
    private readonly schedules: ScheduleRepository,
    private readonly routing: RoutingClient,
    private readonly vans: VanStockService,
  ) {}

  async list(id: number, now = new Date()): Promise<Suggestion[]> {
    const manager = this.repository.manager;
    const job = await this.repository.job(manager, id);
    if (!job) throw new DomainError(ERROR_CODES.notFound, 'Appointment not found');
    const day = businessDate(jobHour(job, now));
    const [technicians, schedules, jobs, vanBatteries] = await Promise.all([
      this.technicians.listTechnicians(manager),
      this.schedules.allFacts(manager, businessDate(now)),
      this.repository.technicianJobs(manager, day),
      this.vans.vanBatteries(manager),
    ]);
    const standings = technicianRanker({
      technicians: technicians.map(toRankingTechnician),
      schedules,
      jobs,
      now,
      vanBatteries,
    })
      .standings(job)
      .filter((s) => s.onShift);
    const routed = await this.routedDrives(standings, job.customerLocation);
    return rankStandings(standings, job.customerLocation, routed);
  }

  /** One table request for every known start point; the drives it could not give are estimated. */
  private async routedDrives(
    standings: readonly Standing[],
    customer: Point | null,
  ): Promise<Map<number, MeasuredDrive>> {
    const routed = new Map<number, MeasuredDrive>();
    if (!this.routing.enabled || !customer) return routed;
    const starting = standings.flatMap((s) =>
      s.from ? [{ id: s.technicianId, from: s.from }] : [],
    );
    const drives = await this.routing.drives(
      starting.map((s) => s.from),
      customer,
    );
    drives.forEach((drive, i) => drive && routed.set(starting[i].id, drive));
    return routed;
  }
}
