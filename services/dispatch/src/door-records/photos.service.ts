import {
  Actor,
  ERROR_CODES,
  JobPhoto,
  PHOTO_MESSAGES,
  RpcAnswer,
  RpcMessage,
} from '@cincy/contracts';
import { DomainError, Outbox, requestKey } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BoardRepository } from '../board';
import { checkMaySee, lockForRecord, takenAt } from './door-record';
import { PhotosRepository, StoredPhoto } from './photos.repository';

type RecordRequest = RpcMessage<'dispatch.photos.record'>;

/** The photo without where its bytes are (that stays between dispatch and the gateway). */
const shown = ({ objectKey: _key, ...photo }: StoredPhoto): JobPhoto => photo;

/**
 * The photos taken on a job and the customer's signature (issue 35): the gateway keeps the bytes
 * in the object store, dispatch decides who may add or see them and keeps the record.
 */
@Injectable()
export class PhotosService {
  constructor(
    private readonly photos: PhotosRepository,
    private readonly board: BoardRepository,
    private readonly outbox: Outbox,
    private readonly dataSource: DataSource,
  ) {}

  /**
   * One photo, once per Idempotency-Key (the photo, not its copy: a repeat answers the first
   * record, whose object the gateway keeps while it deletes the repeat's).
   */
  record({
    id,
    actor,
    idempotencyKey,
    occurredAt,
    objectKey,
    ...photo
  }: RecordRequest): Promise<RpcAnswer<'dispatch.photos.record'>> {
    const asked = { step: 'photo', id, kind: photo.kind, signedBy: photo.signedBy, occurredAt };
    return this.outbox.transactionOnce(requestKey(idempotencyKey, asked, actor.id), async (tx) => {
      const job = await lockForRecord(this.board, tx.manager, id, actor);
      if (photo.kind === 'signature' && !photo.signedBy)
        throw new DomainError(ERROR_CODES.validation, PHOTO_MESSAGES.signedBy, {
          signedBy: PHOTO_MESSAGES.signedBy,
        });
      return this.photos.insert(tx.manager, {
        ...photo,
        objectKey,
        appointmentId: id,
        technicianId: actor.id,
        technicianName: actor.name,
        takenAt: takenAt(occurredAt, job),
      });
    });
  }

  /** The job's photos, for the office or the technician on it. */
  async list(id: number, actor: Actor): Promise<JobPhoto[]> {
    await checkMaySee(this.dataSource.manager, id, actor);
    return (await this.photos.ofJob(this.dataSource.manager, id)).map(shown);
  }

  /** Where a photo of a completed visit is, for its customer (none before the visit is done). */
  async visitFile(id: number, photoId: number): Promise<RpcAnswer<'dispatch.photos.visit-file'>> {
    const photo = await this.photos.byId(this.dataSource.manager, photoId);
    const [visit] = await this.dataSource.query<{ status: string }[]>(
      'SELECT status FROM board_appointments WHERE id = $1',
      [id],
    );
    if (!photo || photo.appointmentId !== id || visit?.status !== 'completed')
      throw new DomainError(ERROR_CODES.notFound, 'Photo not found');
    return { objectKey: photo.objectKey, contentType: photo.contentType };
  }

  /** Where a photo's bytes are, once `actor` may see its job's. */
  async file(photoId: number, actor: Actor): Promise<RpcAnswer<'dispatch.photos.file'>> {
    const photo = await this.photos.byId(this.dataSource.manager, photoId);
    if (!photo) throw new DomainError(ERROR_CODES.notFound, 'Photo not found');
    await checkMaySee(this.dataSource.manager, photo.appointmentId, actor);
    return { objectKey: photo.objectKey, contentType: photo.contentType };
  }
}
