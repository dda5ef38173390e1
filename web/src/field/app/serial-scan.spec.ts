import { serialFromBarcode } from './serial-scan';

describe('serialFromBarcode', () => {
  it('takes a Code 128 serial as printed', () => {
    expect(serialFromBarcode('DH6-2611-04821')).toBe('DH6-2611-04821');
  });

  it('removes the separators a GS1 code carries and the spaces around it', () => {
    expect(serialFromBarcode(' \u001d0104821\u001d  7731 ')).toBe('0104821 7731');
  });

  it('refuses what cannot be a serial: nothing, too long, a web address', () => {
    expect(serialFromBarcode('  \u001d ')).toBeNull();
    expect(serialFromBarcode('A'.repeat(65))).toBeNull();
    expect(serialFromBarcode('A'.repeat(64))).toBe('A'.repeat(64));
    expect(serialFromBarcode('https://example.com/warranty?sn=123')).toBeNull();
  });
});
