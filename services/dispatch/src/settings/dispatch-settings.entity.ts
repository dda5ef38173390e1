import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The business's dispatch settings: one row (id 1). */
@Entity({ name: 'dispatch_settings' })
export class DispatchSettingsEntity {
  @PrimaryColumn({ type: 'smallint' })
  id: number;

  @Column({ name: 'auto_dispatch', type: 'boolean', default: false })
  autoDispatch: boolean;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
