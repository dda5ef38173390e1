import { randomUUID } from 'node:crypto';
import { CurrentUser, ERROR_CODES, JobPhoto, PHOTO_MESSAGES, PhotoQuery } from '@cincy/contracts';
import { RpcClient } from '@cincy/platform';
import { Injectable, StreamableFile } from '@nestjs/common';
import { ApiException } from '../common/api-exception';
import { imageTypeOf, withoutJpegMetadata } from './image-bytes';
import { PhotoStore } from './photo-store';

const EXTENSION = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;

/**
 * The photos taken at the door and the customer's signature (issue 35). The bytes go to the
 * object store here; dispatch decides who may add or see them (the job's technician once
 * arrived, the office) and keeps the record. Never served by a guessable URL: every read asks.
 */
@Injectable()
export class PhotoUploads {
  constructor(
    private readonly rpc: RpcClient,
    private readonly store: PhotoStore,
  ) {}

  /**
   * Keeps the image (JPEG, PNG or WebP, told by its bytes; a JPEG's metadata dropped: a phone's
   * Exif carries the location), then has dispatch record it; a refused or repeated photo's copy
   * is deleted (a repeat answers the first photo, whose copy is the one kept).
   */
  async upload(
    id: number,
    query: PhotoQuery,
    body: unknown,
    actor: CurrentUser,
    idempotencyKey: string | undefined,
  ): Promise<JobPhoto> {
    const image = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
    const contentType = imageTypeOf(image);
    if (!contentType)
      throw new ApiException(415, {
        code: ERROR_CODES.unsupportedMediaType,
        message: PHOTO_MESSAGES.notAnImage,
      });
    const bytes = contentType === 'image/jpeg' ? withoutJpegMetadata(image) : image;
    const objectKey = `photos/${id}/${randomUUID()}.${EXTENSION[contentType]}`;
    await this.store.put(objectKey, bytes, contentType);
    try {
      const { objectKey: kept, ...photo } = await this.rpc.call('dispatch.photos.record', {
        ...query,
        id,
        actor,
        idempotencyKey,
        objectKey,
        contentType,
        bytes: bytes.length,
      });
      if (kept !== objectKey) void this.store.remove(objectKey);
      return photo;
    } catch (error) {
      void this.store.remove(objectKey);
      throw error;
    }
  }

  /** The image, once dispatch says the caller may see it. */
  async image(photoId: number, actor: CurrentUser): Promise<StreamableFile> {
    return this.file(await this.rpc.call('dispatch.photos.file', { photoId, actor }));
  }

  /** A completed visit's photo, for the customer whose link opened visit `id`. */
  async visitImage(id: number, photoId: number): Promise<StreamableFile> {
    return this.file(await this.rpc.call('dispatch.photos.visit-file', { id, photoId }));
  }

  private async file({ objectKey, contentType }: { objectKey: string; contentType: string }) {
    return new StreamableFile(await this.store.get(objectKey), { type: contentType });
  }
}
