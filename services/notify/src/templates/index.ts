import { Injectable } from '@nestjs/common';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { toPlainText } from '@react-email/render';
import type { MessageChannel } from '@cincy/contracts';
import { subject } from './copy';
import { Email } from './emails';
import { receiptPdf, type ReceiptPdfOptions } from './receipt-pdf';
import { renderText } from './texts';
import type { MessageData, ReceiptData, RenderedMessage, Templates } from './template-data';

export type { MessageData, ReceiptData, RenderedMessage, Templates } from './template-data';
export type { ReceiptPdfOptions } from './receipt-pdf';
export { SMS_MAX_LENGTH } from './texts';

// What @react-email/render's render() writes before the markup.
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

// html-to-text capitalises headings by default; the text part reads like the HTML one.
const PLAIN_TEXT = {
  selectors: ['h1', 'h2', 'h3'].map((selector) => ({ selector, options: { uppercase: false } })),
};

/**
 * The email's HTML and its plain-text part. React's synchronous renderer rather than
 * @react-email/render's render(), which loads react-dom/server with a dynamic import (jest
 * cannot run it) and only matters for components that suspend; these do not.
 */
function renderEmail(data: MessageData): { html: string; text: string } {
  const markup = renderToStaticMarkup(createElement(Email, { data }));
  return { html: `${DOCTYPE}${markup}`, text: toPlainText(markup, PLAIN_TEXT) };
}

/** The messages' words: react-email for email (HTML and a plain-text part), plain texts for SMS. */
@Injectable()
export class ReactEmailTemplates implements Templates {
  async render(channel: MessageChannel, data: MessageData): Promise<RenderedMessage> {
    if (channel === 'sms') return { subject: null, html: null, text: renderText(data) };
    const { html, text } = renderEmail(data);
    return { subject: subject(data), text, html };
  }

  receiptPdf(receipt: ReceiptData, options?: ReceiptPdfOptions): Promise<Buffer> {
    return receiptPdf(receipt, options);
  }
}
