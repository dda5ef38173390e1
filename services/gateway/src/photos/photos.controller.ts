import { randomUUID } from 'node:crypto';
import {
  CurrentUser,
  ERROR_CODES,
  PHOTO_MESSAGES,
  PHOTO_TYPES,
  PhotoQuery,
  jobPhotoSchema,
  photoQuerySchema,
} from '@cincy/contracts';
import { RpcClient } from '@cincy/platform';
import { Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { User } from '../access/access.decorators';
import { ApiException } from '../common/api-exception';
import { Contract, PathId } from '../common/contract.pipe';
import { IdempotencyKey } from '../common/idempotency-key';
import { Doc } from '../routes/route-doc.decorator';
import { imageTypeOf, withoutJpegMetadata } from './image-bytes';
import { PhotoStore } from './photo-store';

const EXTENSION = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;

/**
 * The photos taken at the door and the customer's signature (issue 35). The bytes go to the
 * object store here; dispatch decides who may add or see them (the job's technician once
 * arrived, the office) and keeps the record. Never served by a guessable URL: every read asks.
 */
@Controller()
export class PhotosController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly store: PhotoStore,
  ) {}

  /**
   * The image is the body (JPEG, PNG or WebP, told by its bytes; at most 8 MB). A JPEG's metadata
   * (a phone's Exif carries the location) is dropped before it is kept.
   */
  @Doc(
    "Add a photo to the job (the new battery's label, the old battery, or the customer's signature), once per Idempotency-Key",
    jobPhotoSchema,
    {
      calls: ['dispatch.photos.record'],
      fileBody: PHOTO_TYPES,
      answers: [
        { status: 415, description: 'The body is not a JPEG, PNG or WebP image.' },
        { status: 503, description: 'The photo store did not answer; the photo was not kept.' },
      ],
    },
  )
  @Post('appointments/:id/photos')
  async upload(
    @Param('id', PathId) id: number,
    @Query(new Contract(photoQuerySchema, 'query')) query: PhotoQuery,
    @Req() req: Request,
    @User() actor: CurrentUser,
    @IdempotencyKey() idempotencyKey: string | undefined,
  ) {
    const body: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const contentType = imageTypeOf(body);
    if (!contentType)
      throw new ApiException(415, {
        code: ERROR_CODES.unsupportedMediaType,
        message: PHOTO_MESSAGES.notAnImage,
      });
    const bytes = contentType === 'image/jpeg' ? withoutJpegMetadata(body) : body;
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
      // A repeat (the phone sent it again) answers the first photo: its copy is the one kept.
      if (kept !== objectKey) void this.store.remove(objectKey);
      return photo;
    } catch (error) {
      void this.store.remove(objectKey);
      throw error;
    }
  }

  @Doc(
    "The job's photos, in the order taken (each one's image: GET /api/photos/{id})",
    'dispatch.photos.list',
  )
  @Get('appointments/:id/photos')
  list(@Param('id', PathId) id: number, @User() actor: CurrentUser) {
    return this.rpc.call('dispatch.photos.list', { id, actor });
  }

  /** The image, to the office or the job's technician; never kept by a shared cache. */
  @Doc(
    'A photo taken at the door, as its image',
    { file: PHOTO_TYPES },
    {
      calls: ['dispatch.photos.file'],
      answers: [{ status: 503, description: 'The photo store did not answer.' }],
    },
  )
  @Get('photos/:id')
  async image(
    @Param('id', PathId) photoId: number,
    @User() actor: CurrentUser,
    @Res() res: Response,
  ) {
    const { objectKey, contentType } = await this.rpc.call('dispatch.photos.file', {
      photoId,
      actor,
    });
    const bytes = await this.store.get(objectKey);
    res.setHeader('Content-Type', contentType);
    res.setHeader('Cache-Control', 'private, max-age=3600');
    bytes.on('error', () => res.destroy());
    bytes.pipe(res);
  }
}
