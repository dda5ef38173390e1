export { AppointmentEntity } from './appointment.entity';
export { AppointmentStatusService } from './appointment-status.service';
export { AppointmentsController } from './appointments.controller';
export { AppointmentsRepository } from './appointments.repository';
export { AppointmentsService } from './appointments.service';
