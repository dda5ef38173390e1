import { imageTypeOf, withoutJpegMetadata } from './image-bytes';

/** A JPEG segment: marker and payload with its length. */
const segment = (marker: number, payload: string) => {
  const body = Buffer.from(payload, 'latin1');
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
};
const SOI = Buffer.from([0xff, 0xd8]);
const scan = Buffer.concat([segment(0xda, 'scan-header'), Buffer.from('pixels\xff\xd9', 'latin1')]);

describe('imageTypeOf', () => {
  it('tells JPEG, PNG and WebP by their first bytes, and nothing else', () => {
    expect(imageTypeOf(Buffer.concat([SOI, Buffer.from([0xff, 0xe0])]))).toBe('image/jpeg');
    expect(imageTypeOf(Buffer.from('89504e470d0a1a0a0000', 'hex'))).toBe('image/png');
    expect(imageTypeOf(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(imageTypeOf(Buffer.from('just some text, said to be a JPEG'))).toBeNull();
    expect(imageTypeOf(Buffer.alloc(0))).toBeNull();
  });
});

describe('withoutJpegMetadata', () => {
  it('drops Exif (the location), XMP and comments, and keeps the image', () => {
    const jfif = segment(0xe0, 'JFIF\0');
    const quant = segment(0xdb, 'tables');
    const jpeg = Buffer.concat([
      SOI,
      jfif,
      segment(0xe1, 'Exif\0\0GPS 39.1N 84.5W'),
      segment(0xfe, 'a comment'),
      quant,
      scan,
    ]);
    const clean = withoutJpegMetadata(jpeg);
    expect(clean).toEqual(Buffer.concat([SOI, jfif, quant, scan]));
    expect(clean.toString('latin1')).not.toContain('GPS');
  });

  it('answers a JPEG whose segments do not parse as it came', () => {
    const broken = Buffer.concat([SOI, Buffer.from([0xff, 0xe1, 0xff, 0xff]), Buffer.from('x')]);
    expect(withoutJpegMetadata(broken)).toBe(broken);
  });
});
