import {
  CurrentUser,
  PHOTO_TYPES,
  PhotoQuery,
  jobPhotoSchema,
  photoQuerySchema,
} from '@cincy/contracts';
import { RpcClient } from '@cincy/platform';
import { Controller, Get, Header, Param, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { User } from '../access/access.decorators';
import { Contract, PathId } from '../common/contract.pipe';
import { IdempotencyKey } from '../common/idempotency-key';
import { Doc } from '../routes/route-doc.decorator';
import { PhotoUploads } from './photo-uploads';

/** The photos taken at the door and the customer's signature (PhotoUploads). */
@Controller()
export class PhotosController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly photos: PhotoUploads,
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
  upload(
    @Param('id', PathId) id: number,
    @Query(new Contract(photoQuerySchema, 'query')) query: PhotoQuery,
    @Req() req: Request,
    @User() actor: CurrentUser,
    @IdempotencyKey() idempotencyKey: string | undefined,
  ) {
    return this.photos.upload(id, query, req.body, actor, idempotencyKey);
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
  @Header('Cache-Control', 'private, max-age=3600')
  image(@Param('id', PathId) photoId: number, @User() actor: CurrentUser) {
    return this.photos.image(photoId, actor);
  }
}
