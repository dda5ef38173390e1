export { TechnicianEntity, toRankingTechnician } from './technician.entity';
export { TechniciansRepository } from './technicians.repository';
export { TechniciansService } from './technicians.service';
