export { toMessage } from './message.mapper';
export { RECIPIENT_PROBLEMS, VISIT_STEP_KINDS, recipientProblem } from './message-rules';
export { MessagesController } from './messages.controller';
export { MessagesRepository } from './messages.repository';
export type { AttemptOutcome, MessageRow } from './messages.repository';
export { MessagesService, UNSENT_REASONS } from './messages.service';
export type { Step } from './messages.service';
