import {
  DashboardAppointment,
  EventEnvelope,
  addDays,
  businessDate,
  businessInstant,
} from '@cincy/contracts';
import { EventConsumers, Transaction } from '@cincy/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { BoardAppointmentEntity } from './board-appointment.entity';

export function toDashboardAppointment(a: BoardAppointmentEntity): DashboardAppointment {
  return {
    id: a.id,
    customerId: a.customerId,
    status: a.status,
    priority: a.priority,
    customer: { name: a.customerName, phone: a.customerPhone },
    location: a.location,
    customerLocation: a.customerLocation,
    technicianId: a.technicianId,
    technicianUsername: a.technicianUsername,
    technician: a.technicianId ? { name: a.technicianName ?? a.technicianUsername ?? '' } : null,
    vehicle: a.vehicle,
    preferredTime: a.preferredTime,
    scheduledDate: a.scheduledDate,
    scheduledTime: a.scheduledTime,
    notes: a.notes,
    requestedAt: a.requestedAt.toISOString(),
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
    version: a.version,
  };
}

/** Saves a changed job as the next version, and answers the board view the events carry. */
export async function saveJob(
  manager: EntityManager,
  job: BoardAppointmentEntity,
  now = new Date(),
): Promise<DashboardAppointment> {
  job.version += 1;
  job.updatedAt = now;
  await manager.save(job);
  return toDashboardAppointment(job);
}

@Injectable()
export class BoardService implements OnModuleInit {
  private readonly board: Repository<BoardAppointmentEntity>;

  constructor(
    dataSource: DataSource,
    private readonly consumers: EventConsumers,
  ) {
    this.board = dataSource.getRepository(BoardAppointmentEntity);
  }

  onModuleInit() {
    this.consumers.subscribe('dispatch-board-requested', (event, tx) => this.open(event, tx));
  }

  /** A booked appointment joins the board as pending, and the board announces it. */
  async open(
    event: EventEnvelope<'booking.appointment.requested'>,
    { manager, emit }: Transaction,
  ) {
    const p = event.payload;
    const now = new Date();
    const appointment = manager.create(BoardAppointmentEntity, {
      id: p.appointmentId,
      customerId: p.customerId,
      customerName: p.customer.name,
      customerPhone: p.customer.phone,
      location: p.location,
      customerLocation: p.customerLocation,
      vehicle: p.vehicle,
      preferredTime: p.preferredTime,
      scheduledDate: p.scheduledDate,
      scheduledTime: p.scheduledTime,
      scheduledStartTime: p.scheduledStartTime ? new Date(p.scheduledStartTime) : null,
      notes: p.notes,
      priority: p.priority,
      status: 'pending',
      technicianId: null,
      technicianUsername: null,
      technicianName: null,
      requestedAt: new Date(p.requestedAt),
      acceptedAt: null,
      enRouteAt: null,
      onLocationAt: null,
      completedAt: null,
      version: 1,
      closedAt: null,
      createdAt: now,
      updatedAt: now,
    });
    await manager.insert(BoardAppointmentEntity, appointment);
    await emit('dispatch.appointment.opened', { appointment: toDashboardAppointment(appointment) });
  }

  /** Open appointments, and those closed today (Cincinnati's day), oldest request first. */
  async list(now = new Date()): Promise<DashboardAppointment[]> {
    const today = businessDate(now);
    const startOfToday = businessInstant(today, 0);
    const rows = await this.board
      .createQueryBuilder('a')
      .where('a.closed_at IS NULL')
      .orWhere('a.closed_at >= :startOfToday AND a.closed_at < :startOfTomorrow', {
        startOfToday,
        startOfTomorrow: businessInstant(addDays(today, 1), 0),
      })
      .orderBy('a.requested_at', 'ASC')
      .getMany();
    return rows.map(toDashboardAppointment);
  }
}
