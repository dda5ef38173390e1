import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';

/**
 * Chromium's fake camera (`--use-file-for-fake-video-capture`) plays a Y4M file in a loop: this
 * makes one whose single frame is a battery label's Code 128 barcode, black bars on white, as a
 * phone held over the label would see it. The bars come from ZXing's writer (the same library
 * the app reads them with), so the test never depends on a barcode typed by hand.
 */
export async function barcodeCamera(
  text: string,
): Promise<{ file: string; chromiumArgs: string[] }> {
  prepareZXingModule({
    overrides: { wasmBinary: wasmOf('zxing-wasm/writer/zxing_writer.wasm') },
    fireImmediately: true,
  });
  const written = await writeBarcode(text, { format: 'Code128', scale: 0 });
  if (written.error || !written.symbol) throw new Error(`No barcode for ${text}: ${written.error}`);
  const { data, width: modules } = written.symbol;

  const width = 640;
  const height = 480;
  const module = Math.floor((width - 80) / modules); // a quiet zone of 40 px or more each side
  const left = Math.floor((width - modules * module) / 2);
  const [top, bottom] = [140, 340];
  const luma = Buffer.alloc(width * height, 235); // white
  for (let y = top; y < bottom; y++)
    for (let m = 0; m < modules; m++)
      if (data[m] === 0)
        luma.fill(16, y * width + left + m * module, y * width + left + (m + 1) * module);
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128); // no colour

  const dir = mkdtempSync(path.join(os.tmpdir(), 'cincy-camera-'));
  const file = path.join(dir, 'label.y4m');
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\nFRAME\n`),
      luma,
      chroma,
      chroma,
    ]),
  );
  return {
    file,
    chromiumArgs: [
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${file}`,
    ],
  };
}

function wasmOf(specifier: string): ArrayBuffer {
  const bytes = readFileSync(require.resolve(specifier));
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
}
