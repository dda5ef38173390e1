export { buildReceipt, receiptFilename } from './receipt-data';
export { ReceiptsController } from './receipts.controller';
export { ReceiptsRepository } from './receipts.repository';
export { ReceiptsService } from './receipts.service';
