import { z } from 'zod';
import { ZIP_PATTERN } from '../booking/api';
import { geoPointSchema, optionalText, roleSchema, tooLong, userStatusSchema } from '../common';

export const loginRequestSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(100),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** The current user as the browser keeps it (under `auth-storage`). */
export const currentUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  role: roleSchema,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** What the browser is told of its signed-in user (the login answer, GET /api/users/current). */
export const signedInUserSchema = currentUserSchema.extend({
  /** May decline calls and delete customers: an admin, or the SUPERVISOR_USERNAME account. */
  privileged: z.boolean(),
  /** The session ends after this many minutes unused (SESSION_IDLE_MINUTES): the browser too. */
  idleMinutes: z.number().int().positive(),
});
export type SignedInUser = z.infer<typeof signedInUserSchema>;

/**
 * Identity's answer to a successful password (or passkey): the opaque session token, the user and
 * how far the session is signed in: 'mfa' and 'enroll' sessions may only finish signing in.
 */
export const sessionSchema = z.object({
  token: z.string(),
  user: currentUserSchema,
  stage: z.enum(['full', 'mfa', 'enroll']),
  methods: z.array(z.enum(['totp', 'passkey'])),
});
export type Session = z.infer<typeof sessionSchema>;

/** A session's user as the gateway resolves it: with the session and its stage. */
export const sessionUserSchema = currentUserSchema.extend({
  sessionId: z.number().int(),
  stage: z.enum(['full', 'mfa', 'enroll']),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionTokenSchema = z.object({ token: z.string().min(1).max(200) });
export type SessionToken = z.infer<typeof sessionTokenSchema>;

export const logoutRequestSchema = z.object({ userId: z.number().int().optional() }).loose();

/**
 * Who asks: the signed-in user as the gateway resolved the session. Services decide per object
 * with it (a technician moves only their own job); they trust the gateway, never the body.
 */
export const actorSchema = currentUserSchema;
export type Actor = CurrentUser;

/**
 * Length only, no composition rules: they push people to predictable passwords (NIST SP 800-63B,
 * docs/adr/0024-passwords-and-usernames.md).
 */
export const PASSWORD_LENGTH = { min: 8, max: 200 } as const;

export const USER_MESSAGES = {
  usernameTaken: 'That username is already taken.',
  notFound: 'User not found',
  cannotDeleteSelf: 'You cannot delete your own account.',
  lastAdmin: 'There must always be at least one admin.',
  created: 'User created successfully',
  updated: 'User updated successfully',
  deleted: 'User deleted successfully',
  passwordsDontMatch: "Passwords don't match",
  confirmPassword: 'Please confirm your password',
} as const;

/** A staff account's email (issue 38): where invitations, resets and sign-in notices go. */
export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, tooLong('Email', 254))
  .email('Enter a valid email address')
  .transform((email) => email.toLowerCase());

/** An optional email in a user form: blank means none. */
const optionalEmail = z
  .preprocess((v) => (v === '' ? null : v), emailSchema.nullish())
  .transform((v) => v ?? null);

/** A staff account's sign-in name (the user forms, an invitation's acceptance). */
export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .max(50, tooLong('Username', 50))
  .regex(
    /^[A-Za-z0-9._@-]+$/,
    'Username may contain only letters, digits, dots, dashes, underscores and @',
  );
const name = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(100, tooLong('Name', 100));
/** A new password: length only (ADR 0024); its strength is identity's to judge (ADR 0120). */
export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_LENGTH.min, `Password must be at least ${PASSWORD_LENGTH.min} characters`)
  .max(PASSWORD_LENGTH.max, tooLong('Password', PASSWORD_LENGTH.max));

/** POST /api/users. `status` is set automatically, never by an admin: a sent one is dropped. */
export const userInputSchema = z.object({
  username: usernameSchema,
  name,
  role: roleSchema.default('technician'),
  password: passwordSchema,
  email: optionalEmail,
  employeeId: optionalText('Employee ID', 50),
  status: z
    .unknown()
    .optional()
    .transform(() => undefined),
  zipCode: z
    .string()
    .trim()
    .regex(ZIP_PATTERN, 'ZIP code must be in format 12345 or 12345-6789')
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((v) => v ?? null),
});
export type UserInput = z.infer<typeof userInputSchema>;

/** PUT /api/users/{id}: a blank or missing password keeps the current one. */
export const userUpdateSchema = z.object({
  username: usernameSchema,
  name,
  role: roleSchema,
  password: z
    .string()
    .max(PASSWORD_LENGTH.max, tooLong('Password', PASSWORD_LENGTH.max))
    .nullish()
    .transform((v) => (v ? v : undefined))
    .pipe(passwordSchema.optional()),
  /** Missing keeps the current email; blank removes it. */
  email: optionalEmail.optional(),
  employeeId: optionalText('Employee ID', 50).optional(),
});
export type UserUpdate = z.infer<typeof userUpdateSchema>;

const confirmed = <T extends { password?: string; confirmPassword?: string }>(
  form: T,
  ctx: z.RefinementCtx,
) => {
  if ((form.password ?? '') !== (form.confirmPassword ?? '')) {
    ctx.addIssue({
      code: 'custom',
      path: ['confirmPassword'],
      message: USER_MESSAGES.passwordsDontMatch,
    });
  }
};

/** The 'Create New User' form: the request plus a confirmation, removed before sending. */
export const createUserFormSchema = userInputSchema
  .extend({
    confirmPassword: z
      .string({ error: USER_MESSAGES.confirmPassword })
      .min(1, USER_MESSAGES.confirmPassword),
  })
  .superRefine(confirmed);

/** The 'Edit User' form: password and confirmation optional, but matching when either is given. */
export const editUserFormSchema = userUpdateSchema
  .extend({ confirmPassword: z.string().optional() })
  .superRefine(confirmed);

/** A user as GET /api/users lists them: never a password or its hash. */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  role: roleSchema,
  employeeId: z.string().nullable(),
  status: userStatusSchema,
  zipCode: z.string().nullable(),
  email: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** PUT /api/users/{id}/location. */
export const locationReportSchema = z.object({
  latitude: z.number('Latitude must be a number').min(-90).max(90),
  longitude: z.number('Longitude must be a number').min(-180).max(180),
  accuracy: z.number().nonnegative().max(1_000_000).nullish(),
});
export type LocationReport = z.infer<typeof locationReportSchema>;

/** A user with status and position (GET /api/users/locations, the map and Online Team). */
export const userLocationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  role: roleSchema,
  status: userStatusSchema,
  currentLocation: geoPointSchema.nullable(),
  lastSeen: z.string().nullable(),
});
export type UserLocation = z.infer<typeof userLocationSchema>;

/** What other services keep of a user (identity's events). */
export const userFactsSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  role: roleSchema,
  employeeId: z.string().nullable(),
});
export type UserFacts = z.infer<typeof userFactsSchema>;
