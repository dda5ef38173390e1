import { BatteryTest } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

interface BatteryTestRow {
  id: number;
  appointment_id: number;
  battery: BatteryTest['battery'];
  rating_standard: BatteryTest['ratingStandard'];
  rated_cca: number;
  measured_cca: number;
  voltage: string; // numeric: pg answers text, read exactly
  state_of_health: number;
  decision: BatteryTest['decision'];
  starter: BatteryTest['starter'];
  charging: BatteryTest['charging'];
  test_code: string | null;
  technician_id: number | null;
  technician_name: string | null;
  tested_at: Date;
}

const toBatteryTest = (row: BatteryTestRow): BatteryTest => ({
  id: row.id,
  appointmentId: row.appointment_id,
  battery: row.battery,
  ratingStandard: row.rating_standard,
  ratedCca: row.rated_cca,
  measuredCca: row.measured_cca,
  voltage: Number(row.voltage),
  stateOfHealth: row.state_of_health,
  decision: row.decision,
  starter: row.starter,
  charging: row.charging,
  testCode: row.test_code,
  technicianId: row.technician_id,
  technicianName: row.technician_name,
  testedAt: row.tested_at.toISOString(),
});

/** Every statement on a job's battery tests (`battery_tests`). */
@Injectable()
export class BatteryTestsRepository {
  async insert(manager: EntityManager, test: Omit<BatteryTest, 'id'>): Promise<BatteryTest> {
    const [row]: BatteryTestRow[] = await manager.query(
      `INSERT INTO battery_tests (appointment_id, battery, rating_standard, rated_cca, measured_cca,
         voltage, state_of_health, decision, starter, charging, test_code, technician_id,
         technician_name, tested_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING *`,
      [
        test.appointmentId,
        test.battery,
        test.ratingStandard,
        test.ratedCca,
        test.measuredCca,
        test.voltage,
        test.stateOfHealth,
        test.decision,
        test.starter && JSON.stringify(test.starter),
        test.charging && JSON.stringify(test.charging),
        test.testCode,
        test.technicianId,
        test.technicianName,
        test.testedAt,
      ],
    );
    return toBatteryTest(row);
  }

  /** The job's tests, in the order they were taken. */
  async ofJob(manager: EntityManager, appointmentId: number): Promise<BatteryTest[]> {
    const rows: BatteryTestRow[] = await manager.query(
      'SELECT * FROM battery_tests WHERE appointment_id = $1 ORDER BY tested_at, id',
      [appointmentId],
    );
    return rows.map(toBatteryTest);
  }
}
