import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ZXING_WASM_VERSION } from 'barcode-detector/ponyfill';

// The reader's .wasm is our own asset, taken from `zxing-wasm`; the polyfill carries its own
// JavaScript glue for one version of it. Two versions do not fit: the reader fails on every frame
// ("Failed to allocate ... in WASM memory") while the camera shows the barcode. Keep them one.
it('ships the .wasm of the ZXing version the barcode polyfill was built for', () => {
  let dir = path.dirname(require.resolve('zxing-wasm'));
  while (!dir.endsWith(`${path.sep}zxing-wasm`)) dir = path.dirname(dir);
  const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    version: string;
  };
  expect(version).toBe(ZXING_WASM_VERSION);
});
