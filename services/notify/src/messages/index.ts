export { DROP_REASONS, decideClaims } from './claim-rules';
export type { ClaimDecision, VisitFacts, VisitMessage } from './claim-rules';
export { toMessage } from './message.mapper';
export { RECIPIENT_PROBLEMS, VISIT_STEP_KINDS, recipientProblem } from './message-rules';
export { MessagesController } from './messages.controller';
export { MessagesRepository } from './messages.repository';
export type { AttemptOutcome, ClaimedMessage, MessageRow } from './messages.repository';
export { MessagesService, UNSENT_REASONS } from './messages.service';
export type { Step } from './messages.service';
