export { startLocalObjectStore, type LocalObjectStore } from './object-store';
export { startPaymentProvider } from './payment-provider';
// What a test provider's webhooks are made of, for a test that sends one itself.
export { checkoutCompletedEvent, stripeSignature } from '@cincy/platform';
export {
  missingBuilds,
  parseReplicas,
  PROCESSES,
  REPO_ROOT,
  type ProcessName,
  type Replicas,
} from './processes';
export {
  checkInfra,
  HOW_TO_START,
  infraUrls,
  type InfraCheck,
  type MissingInfra,
} from './infra-check';
export { ensureInfra, planInfraStart, type EnsuredInfra } from './infra-start';
export { ensureDatabase, withDatabaseName } from './database';
export { askControl, controlSocketPath, serveControl } from './control-socket';
export { freePort } from './free-port';
export { formatLogLine, type FormattedLine } from './log-format';
export type { OutputMode } from './stack-processes';
export {
  removeStackData,
  startStack,
  type RollingStep,
  type Stack,
  type StackOptions,
} from './start-stack';
export {
  ApiClient,
  ApiError,
  asapAppointmentInput,
  bookAsap,
  CookieJar,
  login,
  type AsapDetails,
  type VisitorDetails,
} from './api-client';
export { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.config';
export { ALL_WEEK_SHIFTS } from './shifts';
export { DEMO_LOGINS, DemoDay, fillDemoDayEarlier, resumeDemoDay } from './demo-day';
export { DEMO_SERVICE_ENV, openStateAt } from './demo-day-plan';
export { watchParent } from './parent-watch';
export {
  DEMO_HISTORY_FIRST_ID,
  fillDemoHistory,
  historyTotals,
  planDemoHistory,
  type DemoHistoryOptions,
  type DemoHistoryTotals,
} from './demo-history';
export {
  backupFolderName,
  backupTarget,
  BackupError,
  DUMP_FILE,
  MANIFEST_FILE,
  messagesToDrop,
  parseManifest,
  recordedConsumer,
  recreatedConsumerConfig,
  restoreBackup,
  restoreSource,
  takeBackup,
  type BackupManifest,
  type BackupResult,
  type RecordedConsumer,
  type RestoreResult,
} from './backup';
