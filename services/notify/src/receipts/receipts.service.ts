import { ERROR_CODES, NOTIFY_MESSAGES } from '@cincy/contracts';
import { DomainError } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { InjectTemplates, Templates } from '../common/templates';
import { receiptFilename } from './receipt-data';
import { ReceiptsRepository } from './receipts.repository';

@Injectable()
export class ReceiptsService {
  constructor(
    private readonly receipts: ReceiptsRepository,
    @InjectTemplates() private readonly templates: Templates,
  ) {}

  /** A completed visit's receipt as a PDF file (for the email and the tracking page). */
  async pdf(appointmentId: number): Promise<{ filename: string; content: Buffer } | null> {
    const data = await this.receipts.of(appointmentId);
    if (!data) return null;
    return {
      filename: receiptFilename(data.reference, appointmentId),
      content: await this.templates.receiptPdf(data),
    };
  }

  /** `notify.receipts.get`. */
  async file(appointmentId: number): Promise<{ filename: string; contentBase64: string }> {
    const file = await this.pdf(appointmentId);
    if (!file) throw new DomainError(ERROR_CODES.notFound, NOTIFY_MESSAGES.noReceipt);
    return { filename: file.filename, contentBase64: file.content.toString('base64') };
  }
}
