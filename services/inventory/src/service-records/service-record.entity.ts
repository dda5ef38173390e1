import { BatteryTest, ServiceCode } from '@cincy/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** What was done on a job: one per appointment. */
@Entity({ name: 'service_records' })
export class ServiceRecordEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'appointment_id', type: 'integer' })
  appointmentId: number;

  @Column({ name: 'customer_id', type: 'integer' })
  customerId: number;

  @Column({ name: 'service_code', type: 'text' })
  serviceCode: ServiceCode;

  @Column({ name: 'completion_notes', type: 'text', nullable: true })
  completionNotes: string | null;

  @Column({ name: 'technician_id', type: 'integer', nullable: true })
  technicianId: number | null;

  @Column({ name: 'technician_name', type: 'text', nullable: true })
  technicianName: string | null;

  @Column({ name: 'battery_serial_number', type: 'text', nullable: true })
  batterySerialNumber: string | null;

  @Column({ name: 'previous_battery_serial_number', type: 'text', nullable: true })
  previousBatterySerialNumber: string | null;

  @Column({ name: 'vehicle_year', type: 'text', nullable: true })
  vehicleYear: string | null;

  @Column({ name: 'vehicle_make', type: 'text', nullable: true })
  vehicleMake: string | null;

  @Column({ name: 'vehicle_model', type: 'text', nullable: true })
  vehicleModel: string | null;

  @Column({ name: 'vehicle_color', type: 'text', nullable: true })
  vehicleColor: string | null;

  @Column({ name: 'vehicle_mileage', type: 'text', nullable: true })
  vehicleMileage: string | null;

  @Column({ name: 'inventory_item_id', type: 'integer', nullable: true })
  inventoryItemId: number | null;

  @Column({ name: 'completed_at', type: 'timestamptz' })
  completedAt: Date;

  /** Dollars the customer paid, from the price list when the record was made (`servicePrice`). */
  // Dollars: repositories read it as a number (`::float8`, ADR 0107).
  @Column({ type: 'numeric', precision: 10, scale: 2, default: 0 })
  price: number;

  /** The job's battery tests as they were at completion (dispatch's, issue 35). */
  @Column({ name: 'battery_tests', type: 'jsonb', default: () => "'[]'" })
  batteryTests: BatteryTest[];

  /** The customer kept the old battery (billing adds the core charge). */
  @Column({ name: 'old_battery_kept', type: 'boolean', default: false })
  oldBatteryKept: boolean;

  /** The new battery's warranty's last day (YYYY-MM-DD), fixed at the install; else null. */
  @Column({ name: 'warranty_ends_on', type: 'text', nullable: true })
  warrantyEndsOn: string | null;

  /** A serial installed before the install-once rule whose first install is another record. */
  @Column({ name: 'legacy_duplicate_serial', type: 'boolean', default: false })
  legacyDuplicateSerial: boolean;
}
