import { rateLimitedMessage } from './retry-after-message';

describe('rateLimitedMessage', () => {
  it.each([
    [456, 'Too many requests. Please try again in 8 minutes.'],
    [45, 'Too many requests. Please try again in 45 seconds.'],
    [1, 'Too many requests. Please try again in 1 second.'],
    [0, 'Too many requests. Please try again in 1 second.'],
    [59, 'Too many requests. Please try again in 59 seconds.'],
    [60, 'Too many requests. Please try again in 1 minute.'],
    [61, 'Too many requests. Please try again in 2 minutes.'],
    [600, 'Too many requests. Please try again in 10 minutes.'],
  ])('says the wait of Retry-After: %i s', (seconds, message) => {
    expect(rateLimitedMessage(seconds)).toBe(message);
  });
});
