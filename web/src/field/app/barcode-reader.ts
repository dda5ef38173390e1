// Loaded only when a scanner opens: the ZXing reader (WebAssembly, about 1 MB) never weighs on
// the first screen. Its .wasm is this build's own asset, precached with the app, so the scanner
// works without signal; the library's default (a CDN) is never fetched.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { LABEL_BARCODE_FORMATS } from './serial-scan';

export interface LabelReader {
  /** The texts of the barcodes seen in the frame (none is the usual answer). */
  read(frame: HTMLVideoElement): Promise<string[]>;
}

type Format = (typeof LABEL_BARCODE_FORMATS)[number];

/** What the browser's BarcodeDetector and the polyfill's have in common. */
interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
  new (options: { formats: Format[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

const reader = (detector: Detector): LabelReader => ({
  read: async (frame) => (await detector.detect(frame)).map((code) => code.rawValue),
});

/**
 * The browser's own BarcodeDetector where it reads label formats (Android's Chrome, Safari),
 * else the `barcode-detector` polyfill on ZXing in WebAssembly (desktop Chrome, Firefox).
 */
export async function openLabelReader(): Promise<LabelReader> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (native) {
    const supported = await native.getSupportedFormats().catch(() => [] as string[]);
    const formats = LABEL_BARCODE_FORMATS.filter((format) => supported.includes(format));
    if (formats.includes('code_128')) return reader(new native({ formats }));
  }
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  prepareZXingModule({
    overrides: {
      locateFile: (file: string, prefix: string) =>
        file.endsWith('.wasm') ? wasmUrl : prefix + file,
    },
  });
  return reader(new BarcodeDetector({ formats: [...LABEL_BARCODE_FORMATS] }));
}
