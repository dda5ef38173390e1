/** Where an S3-compatible store is and how to sign in to it. */
export interface S3Place {
  url: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/**
 * The S3 client's settings for any S3-compatible server (the photos' store, the backups): one
 * place, so both speak to MinIO, R2 and s3rver the same way.
 */
export function s3ClientConfig(place: S3Place) {
  return {
    endpoint: place.url,
    region: place.region,
    // Path-style URLs (host/bucket/key): what MinIO, R2 and local servers answer.
    forcePathStyle: true,
    credentials:
      place.accessKeyId && place.secretAccessKey
        ? { accessKeyId: place.accessKeyId, secretAccessKey: place.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: S3-compatible servers differ on the rest.
    requestChecksumCalculation: 'WHEN_REQUIRED' as const,
    responseChecksumValidation: 'WHEN_REQUIRED' as const,
  };
}
