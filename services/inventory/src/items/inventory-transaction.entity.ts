import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Why a quantity changed: every change of stock writes one. */
@Entity({ name: 'inventory_transactions' })
export class InventoryTransactionEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'item_id', type: 'integer' })
  itemId: number;

  @Column({ name: 'transaction_type', type: 'text' })
  transactionType: string;

  @Column({ name: 'quantity_change', type: 'integer' })
  quantityChange: number;

  @Column({ name: 'previous_quantity', type: 'integer' })
  previousQuantity: number;

  @Column({ name: 'new_quantity', type: 'integer' })
  newQuantity: number;

  @Column({ type: 'text', nullable: true })
  reason: string | null;

  @Column({ name: 'appointment_id', type: 'integer', nullable: true })
  appointmentId: number | null;

  @Column({ name: 'service_record_id', type: 'integer', nullable: true })
  serviceRecordId: number | null;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  @Column({ name: 'user_name', type: 'text', nullable: true })
  userName: string | null;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
