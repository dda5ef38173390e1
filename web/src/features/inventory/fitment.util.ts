import { fitmentVehicle, type Fitment } from '@cincy/contracts';

/** Every word of the search is in the row's vehicle, group size or technology (any case). */
export function matchesSearch(row: Fitment, search: string): boolean {
  const text = `${fitmentVehicle(row)} ${row.groupSize} ${row.technology}`.toLowerCase();
  return search
    .toLowerCase()
    .split(/\s+/)
    .every((word) => text.includes(word));
}
