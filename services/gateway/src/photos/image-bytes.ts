import type { PhotoType } from '@cincy/contracts';

/** The image's format read off its first bytes (never its name or declared type), or null. */
export function imageTypeOf(bytes: Buffer): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'image/webp';
  return null;
}

/** JPEG markers that carry no image: APP1 (Exif with GPS, XMP) to APP15, and comments. */
const isMetadata = (marker: number) => (marker >= 0xe1 && marker <= 0xef) || marker === 0xfe;

/**
 * A JPEG without its metadata segments (Exif, where a phone writes the location; XMP; comments),
 * the image itself untouched. The phone strips them when it compresses; this holds for any
 * client. A file whose segments do not parse is answered as it came (it is still shown only to
 * staff and the customer).
 */
export function withoutJpegMetadata(jpeg: Buffer): Buffer {
  const kept: Buffer[] = [jpeg.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1];
    // Start of scan: the compressed image follows to the end, markers no longer parse as segments.
    if (marker === 0xda) {
      kept.push(jpeg.subarray(at));
      return Buffer.concat(kept);
    }
    const length = jpeg.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > jpeg.length) return jpeg;
    if (!isMetadata(marker)) kept.push(jpeg.subarray(at, at + 2 + length));
    at += 2 + length;
  }
  return jpeg;
}
