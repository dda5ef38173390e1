export { BoardAppointmentEntity } from './board-appointment.entity';
export { BoardRepository } from './board.repository';
export { boardRows } from './board-columns';
export { BoardController } from './board.controller';
export { BoardService } from './board.service';
export { CustomerDetailsService, DELETED_CUSTOMER } from './customer-details.service';
export { PaymentsService } from './payments.service';
export { ReschedulesService } from './reschedules.service';
export { waitingSql } from './waiting-sql';
