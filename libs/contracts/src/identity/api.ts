import { z } from 'zod';
import { ROLES } from '../enums';

export const roleSchema = z.enum(ROLES);

export const loginRequestSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(100),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** The current user as the browser keeps it (spec section 3). */
export const currentUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  role: roleSchema,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** Identity's answer to a successful login: the user and the opaque session token. */
export const sessionSchema = z.object({ token: z.string(), user: currentUserSchema });
export type Session = z.infer<typeof sessionSchema>;

export const sessionTokenSchema = z.object({ token: z.string().min(1).max(200) });
export type SessionToken = z.infer<typeof sessionTokenSchema>;

export const logoutRequestSchema = z.object({ userId: z.number().int().optional() }).loose();
