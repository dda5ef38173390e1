import { ERROR_CODES, Point, Suggestion, onShiftAt } from '@cincy/contracts';
import { DomainError } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { ScheduleRepository } from '../shifts';
import { TechniciansRepository } from '../technicians';
import { RoutingClient } from './routing.client';
import { Candidate, RoutedDrive, rankSuggestions, startPoint } from './suggestion-ranking';
import { SuggestionsRepository } from './suggestions.repository';

/** Who could take a job: the technicians on shift now, soonest arrival first. */
@Injectable()
export class SuggestionsService {
  constructor(
    private readonly repository: SuggestionsRepository,
    private readonly technicians: TechniciansRepository,
    private readonly schedules: ScheduleRepository,
    private readonly routing: RoutingClient,
  ) {}

  async list(id: number, now = new Date()): Promise<Suggestion[]> {
    const manager = this.repository.manager;
    const job = await this.repository.job(manager, id);
    if (!job) throw new DomainError(ERROR_CODES.notFound, 'Appointment not found');
    const [technicians, schedules, active] = await Promise.all([
      this.technicians.listTechnicians(manager),
      this.schedules.allFacts(manager),
      this.repository.activeJobs(manager),
    ]);
    const onShift = onShiftAt(
      technicians.map((t) => t.userId),
      schedules,
      now,
    );
    const candidates = technicians
      .filter((t) => onShift.has(t.userId))
      .map((t): Candidate => {
        const busy = active.find((j) => j.technicianId === t.userId && j.id !== job.id);
        return {
          technicianId: t.userId,
          name: t.name,
          position:
            t.lastLat !== null && t.lastLng !== null ? { lat: t.lastLat, lng: t.lastLng } : null,
          activeJob: busy
            ? {
                id: busy.id,
                status: busy.status as 'accepted' | 'en_route' | 'on_location',
                location: busy.customerLocation,
                onLocationAt: busy.onLocationAt,
              }
            : null,
        };
      });
    const routed = await this.routedDrives(candidates, job.customerLocation);
    return rankSuggestions(candidates, job.customerLocation, now, routed);
  }

  /** One table request for every known start point; the drives it could not give are estimated. */
  private async routedDrives(
    candidates: readonly Candidate[],
    customer: Point | null,
  ): Promise<Map<number, RoutedDrive>> {
    const routed = new Map<number, RoutedDrive>();
    if (!this.routing.enabled || !customer) return routed;
    const starting = candidates.flatMap((c) => {
      const from = startPoint(c);
      return from ? [{ id: c.technicianId, from }] : [];
    });
    const drives = await this.routing.drives(
      starting.map((s) => s.from),
      customer,
    );
    drives.forEach((drive, i) => drive && routed.set(starting[i].id, drive));
    return routed;
  }
}
