import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { ERROR_CODES, PHOTO_MESSAGES } from '@cincy/contracts';
import { AppLogger, InjectEnv, s3ClientConfig } from '@cincy/platform';
import { Injectable, OnModuleDestroy } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { ApiException } from '../common/api-exception';
import { GATEWAY_ENV, GatewayEnv } from '../config';

const storageDown = () =>
  new ApiException(503, {
    code: ERROR_CODES.serviceUnavailable,
    message: PHOTO_MESSAGES.storageDown,
  });

// This deployment runs Node 20 on SDK versions that support it (docs/notes): the SDK's notice
// that later versions will not is said once here, not in every process's log.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * The photos' bytes in an S3-compatible bucket, through the AWS SDK: the way S3, MinIO and R2 are
 * all reached. Private: nothing is served by the store itself (GET /api/photos/{id} checks who
 * asks, then streams the object).
 */
@Injectable()
export class PhotoStore implements OnModuleDestroy {
  private readonly client: S3Client | null;
  private readonly bucket: string;
  private bucketReady: Promise<void> | null = null;

  constructor(
    @InjectEnv(GATEWAY_ENV) env: GatewayEnv,
    private readonly logger: AppLogger,
  ) {
    this.bucket = env.S3_BUCKET;
    this.client = env.S3_URL
      ? new S3Client({
          ...s3ClientConfig({
            url: env.S3_URL,
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          }),
          maxAttempts: 2,
        })
      : null;
  }

  onModuleDestroy() {
    this.client?.destroy();
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const client = await this.ready();
    await client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
      }),
    );
  }

  /** The object's bytes as a stream. */
  async get(key: string): Promise<Readable> {
    const client = await this.ready();
    const object = await client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return object.Body as Readable;
  }

  /** Gone, or logged: an object nobody records is only space. */
  async remove(key: string): Promise<void> {
    try {
      const client = await this.ready();
      await client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      this.logger.warn({ msg: 'photo object not removed', key, err: error });
    }
  }

  /** The client, once the bucket exists (made on first use where the store allows it). */
  private async ready(): Promise<S3Client> {
    const client = this.client;
    if (!client) throw storageDown();
    this.bucketReady ??= (async () => {
      try {
        await client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      } catch {
        await client.send(new CreateBucketCommand({ Bucket: this.bucket }));
      }
    })().catch((error: unknown) => {
      this.bucketReady = null; // try again at the next photo
      this.logger.error({ msg: 'photo store unreachable', err: error });
      throw storageDown();
    });
    await this.bucketReady;
    return client;
  }
}
