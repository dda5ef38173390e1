import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

@Entity({ name: 'inventory_items' })
export class InventoryItemEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'text', nullable: true })
  sku: string | null;

  @Column({ type: 'text', nullable: true })
  category: string | null;

  @Column({ type: 'integer', default: 0 })
  quantity: number;

  @Column({ name: 'min_quantity', type: 'integer', default: 5 })
  minQuantity: number;

  /** Dollars with cents; numeric in Postgres, so it arrives as a string. */
  @Column({ name: 'unit_cost', type: 'numeric', precision: 10, scale: 2, default: 0 })
  unitCost: string;

  /** What a customer pays for it, tax included, in cents; null when not sold on its own. */
  @Column({ name: 'price_cents', type: 'integer', nullable: true })
  priceCents: number | null;

  /** The warranty its batteries are sold with, in months. */
  @Column({ name: 'warranty_months', type: 'integer', default: 12 })
  warrantyMonths: number;

  /** Each van should carry at least this many; 0: no van minimum. */
  @Column({ name: 'van_min_quantity', type: 'integer', default: 0 })
  vanMinQuantity: number;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
