/** Query keys are the URL paths the default query function GETs. */
export const QUERY_KEYS = {
  currentUser: ['/api/users/current'],
  appointments: ['/api/appointments'],
} as const;
