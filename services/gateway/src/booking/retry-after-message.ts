/**
 * The 429's text, saying the wait Retry-After gives: seconds under a minute, else whole minutes
 * rounded up (456 s is "8 minutes"), so the text never promises less than the header.
 */
export function rateLimitedMessage(retryAfterSeconds: number): string {
  return `Too many requests. Please try again in ${waitText(retryAfterSeconds)}.`;
}

function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return s === 1 ? '1 second' : `${s} seconds`;
  const minutes = Math.ceil(s / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
