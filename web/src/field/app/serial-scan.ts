/**
 * Reading a battery label's serial from its barcode: what the scanner says, and which codes it
 * takes as a serial. Battery labels carry the serial as a Code 128 (sometimes Code 39, a QR or a
 * Data Matrix); the scanner looks for those and the retail codes (EAN, UPC) a box carries.
 */
export const LABEL_BARCODE_FORMATS = [
  'code_128',
  'code_39',
  'qr_code',
  'data_matrix',
  'ean_13',
  'upc_a',
] as const;

export const SCAN_MESSAGES = {
  starting: 'Opening the camera…',
  aim: "Point the camera at the barcode on the battery's label.",
  noCamera: "The camera could not be opened. Type the serial from the battery's label.",
  notASerial: 'That code is not a serial number. Aim at the barcode beside the serial.',
} as const;

/** What a label never prints: the GS separators of GS1 codes and the other control codes. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** The longest serial the service record takes. */
const SERIAL_MAX = 64;

/**
 * The serial a barcode's text gives, as printed (its spaces closed up, the invisible separators
 * GS1 codes carry removed), or null when the code cannot be a serial: empty, too long for the
 * record, or a web address (a QR code on a label that links to the maker's site).
 */
export function serialFromBarcode(raw: string): string | null {
  const serial = raw.replace(CONTROL_CHARACTERS, '').trim().replace(/\s+/g, ' ');
  if (!serial || serial.length > SERIAL_MAX) return null;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(serial)) return null;
  return serial;
}
