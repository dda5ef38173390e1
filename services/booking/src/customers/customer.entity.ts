import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

@Entity({ name: 'customers' })
export class CustomerEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  phone: string;

  /** Digits only, for matching a returning customer however the number was typed. */
  @Column({ name: 'phone_digits', type: 'text' })
  phoneDigits: string;

  @Column({ type: 'text', nullable: true })
  email: string | null;

  /** Appointments booked and not declined or cancelled. */
  @Column({ name: 'total_jobs', type: 'integer', default: 0 })
  totalJobs: number;

  /** When inventory last saved a service record for them. */
  @Column({ name: 'last_service_at', type: 'timestamptz', nullable: true })
  lastServiceAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
