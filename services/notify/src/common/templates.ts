import { Inject } from '@nestjs/common';

export type { MessageData, ReceiptData, RenderedMessage, Templates } from '../templates';

/** The injection token of the message templates (templates/index.ts's ReactEmailTemplates). */
export const TEMPLATES = Symbol('notify:templates');
export const InjectTemplates = () => Inject(TEMPLATES);
