import { InventoryItem, InventoryFilter } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, Repository } from 'typeorm';
import { InventoryItemEntity } from './inventory-item.entity';

export const toInventoryItem = (i: InventoryItemEntity): InventoryItem => ({
  id: i.id,
  name: i.name,
  description: i.description,
  sku: i.sku,
  category: i.category,
  quantity: i.quantity,
  minQuantity: i.minQuantity,
  unitCost: Number(i.unitCost),
  notes: i.notes,
});

@Injectable()
export class ItemsService {
  private readonly items: Repository<InventoryItemEntity>;

  constructor(dataSource: DataSource) {
    this.items = dataSource.getRepository(InventoryItemEntity);
  }

  /** Active items by name; `lowStock` keeps those at or below their minimum. */
  async list(query: InventoryFilter): Promise<InventoryItem[]> {
    const q = this.items.createQueryBuilder('i').where('i.is_active').orderBy('i.name');
    if (query.category) q.andWhere('i.category = :category', { category: query.category });
    if (query.lowStock) q.andWhere('i.quantity <= i.min_quantity');
    return (await q.getMany()).map(toInventoryItem);
  }
}
