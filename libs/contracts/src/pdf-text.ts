// Text as a PDF made with pdfkit's built-in fonts can print it (the receipt's, the invoice's).

/** Long typed values are cut so a one-page document stays one page. */
const MAX_VALUE = 120;

// The built-in fonts encode text as WinAnsi (Latin-1 and a few typographic marks): anything
// else (an emoji, another script) would print as garbage, so it prints as '?'.
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const winAnsi = (ch: string) => {
  const code = ch.codePointAt(0) ?? 0;
  return (
    (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(ch)
  );
};

/** A typed value as a PDF prints it: one line, printable, not too long. */
export function pdfPrintable(value: string, max = MAX_VALUE): string {
  const line = value.replace(/\s+/g, ' ').trim();
  const chars = [...line.normalize('NFC')].map((ch) => (winAnsi(ch) ? ch : '?'));
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 3).join('')}...`;
}
