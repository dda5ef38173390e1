import { Alert, Button, Flex, Image, Typography } from 'antd';
import { PHOTO_KIND_LABELS } from '@cincy/contracts';
import { photoUrl } from '../api/photos';
import { useJobPhotos } from '../hooks/use-job-photos';
import { formatDateTime } from '../lib/format';

/**
 * The photos taken at the door on a job and the customer's signature: thumbnails that open full
 * size (each image asks the server, which shows it only to the office and the job's technician).
 */
export function JobPhotos({ appointmentId }: { appointmentId: number }) {
  const photos = useJobPhotos(appointmentId);
  if (photos.isError)
    return (
      <Alert
        type="error"
        title="Could not load the photos."
        action={<Button onClick={() => void photos.refetch()}>Retry</Button>}
      />
    );
  if (photos.isPending)
    return <Typography.Text type="secondary">Loading the photos…</Typography.Text>;
  if (photos.data.length === 0)
    return <Typography.Text type="secondary">No photo taken.</Typography.Text>;
  return (
    <Image.PreviewGroup>
      <Flex gap={12} wrap role="list" aria-label="Photos">
        {photos.data.map((photo) => {
          const what = PHOTO_KIND_LABELS[photo.kind];
          return (
            <figure key={photo.id} role="listitem" style={{ margin: 0, width: 112 }}>
              <Image
                src={photoUrl(photo.id)}
                alt={photo.signedBy ? `${what}: ${photo.signedBy}` : what}
                width={112}
                height={84}
                style={{ objectFit: 'cover', borderRadius: 6 }}
              />
              <figcaption style={{ fontSize: 12 }}>
                {what}
                {photo.signedBy && `: ${photo.signedBy}`}
                <br />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatDateTime(photo.takenAt)}
                </Typography.Text>
              </figcaption>
            </figure>
          );
        })}
      </Flex>
    </Image.PreviewGroup>
  );
}
