import { JobPhoto } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

/** A photo as stored: the job's record and where its bytes are. */
export type StoredPhoto = JobPhoto & { objectKey: string };

const FIELDS = `id, appointment_id AS "appointmentId", kind, object_key AS "objectKey",
  content_type AS "contentType", bytes, signed_by AS "signedBy", technician_id AS "technicianId",
  technician_name AS "technicianName", taken_at AS "takenAt"`;

/** pg answers the time as a Date: the contracts carry it as ISO 8601 text. */
const stored = (row: Omit<StoredPhoto, 'takenAt'> & { takenAt: Date }): StoredPhoto => ({
  ...row,
  takenAt: row.takenAt.toISOString(),
});

/** Every statement on a job's photos (`job_photos`). */
@Injectable()
export class PhotosRepository {
  async insert(manager: EntityManager, photo: Omit<StoredPhoto, 'id'>): Promise<StoredPhoto> {
    const [row] = await manager.query(
      `INSERT INTO job_photos (appointment_id, kind, object_key, content_type, bytes, signed_by,
         technician_id, technician_name, taken_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${FIELDS}`,
      [
        photo.appointmentId,
        photo.kind,
        photo.objectKey,
        photo.contentType,
        photo.bytes,
        photo.signedBy,
        photo.technicianId,
        photo.technicianName,
        photo.takenAt,
      ],
    );
    return stored(row);
  }

  /** The job's photos, in the order taken. */
  async ofJob(manager: EntityManager, appointmentId: number): Promise<StoredPhoto[]> {
    const rows = await manager.query(
      `SELECT ${FIELDS} FROM job_photos WHERE appointment_id = $1 ORDER BY taken_at, id`,
      [appointmentId],
    );
    return rows.map(stored);
  }

  /** The customer signed on the job. */
  async hasSignature(manager: EntityManager, appointmentId: number): Promise<boolean> {
    const [row] = await manager.query(
      "SELECT 1 FROM job_photos WHERE appointment_id = $1 AND kind = 'signature' LIMIT 1",
      [appointmentId],
    );
    return !!row;
  }

  async byId(manager: EntityManager, id: number): Promise<StoredPhoto | null> {
    const [row] = await manager.query(`SELECT ${FIELDS} FROM job_photos WHERE id = $1`, [id]);
    return row ? stored(row) : null;
  }
}
