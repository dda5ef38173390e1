import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Inventory's copy of a customer (booking's events): the name and phone Battery Search shows. */
@Entity({ name: 'customers' })
export class CustomerCopyEntity {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  phone: string;
}
