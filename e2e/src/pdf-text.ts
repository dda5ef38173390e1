import { inflateSync } from 'node:zlib';

/**
 * The text of a pdfkit PDF as the customer downloads it: each content stream inflated, then each
 * line's TJ array of hex strings (split where kerning applies) joined. Enough to read a receipt;
 * not a general PDF reader.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const streams = [...source.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map(([, body]) => {
    try {
      return inflateSync(Buffer.from(body, 'latin1')).toString('latin1');
    } catch {
      return body; // not compressed (or not text)
    }
  });
  return streams
    .flatMap((stream) => [...stream.matchAll(/\[(.*)\] TJ/g)])
    .map(([, line]) =>
      [...line.matchAll(/<([0-9a-f]*)>/g)]
        .map(([, hex]) => Buffer.from(hex, 'hex').toString('latin1'))
        .join(''),
    )
    .join('\n');
}
