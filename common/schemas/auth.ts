import { z } from 'zod';
import { USER_ROLES } from '../constants';
import { isoDateTime } from './params';
import { plantName, timeZone } from './plants';

const email = z
  .string({ error: 'is required' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'must be at most 254 characters' })
  .pipe(z.email({ error: 'must be an email address' }));

/** NIST SP 800-63B: at least 8 characters, long passphrases allowed, no composition rules. */
const newPassword = z
  .string({ error: 'is required' })
  .min(8, { error: 'must be at least 8 characters' })
  .max(200, { error: 'must be at most 200 characters' });

const personName = z
  .string({ error: 'is required' })
  .trim()
  .min(1, { error: 'is required' })
  .max(100, { error: 'must be at most 100 characters' });

export const role = z.enum(USER_ROLES, { error: `must be one of: ${USER_ROLES.join(', ')}` });

/** Plants a user is limited to; an empty list means every plant. */
export const plantList = z
  .array(plantName, { error: 'must be a list of plants' })
  .max(500, { error: 'must name at most 500 plants' })
  .refine((list) => new Set(list).size === list.length, { error: 'must not repeat a plant' });

export const signInBody = z.object({
  email,
  password: z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(200),
  /**
   * Which organization's account, when one address has accounts in several with this password; left out, the
   * server answers 409 with the organizations to choose from.
   */
  organizationId: z.number({ error: 'must be a number' }).int().positive().optional(),
});

/** The 409 of a sign-in whose address and password open accounts in several organizations. */
export const organizationChoiceBody = z.object({
  message: z.string(),
  organizations: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type OrganizationChoice = z.infer<typeof organizationChoiceBody>['organizations'][number];

export const signUpBody = z.object({
  organizationName: z
    .string({ error: 'is required' })
    .trim()
    .min(2, { error: 'must be at least 2 characters' })
    .max(100, { error: 'must be at most 100 characters' }),
  name: personName,
  email,
  password: newPassword,
  /** The organization's first plant (issue 30); left out, it is named after the organization. */
  plantName: plantName.optional(),
  /** The first plant's zone; left out, UTC until an admin sets it. */
  timeZone: timeZone.optional(),
});

export const acceptInviteBody = z.object({
  token: z.string({ error: 'is required' }).min(20, { error: 'is not a valid invitation' }).max(200),
  password: newPassword,
});

/** POST /api/auth/verify-email: the token of the link mailed to a new account's address. */
export const verifyEmailBody = z.object({
  token: z.string({ error: 'is required' }).min(20, { error: 'is not a valid link' }).max(200),
});

/**
 * The 202 of a sign-up or accepted invitation whose address another account already uses: no session until the
 * link mailed to the address is opened (issue 27, item 1).
 */
export const verificationPending = z.object({ verificationSent: z.literal(true), message: z.string() });

export const sessionUser = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  organizationId: z.number(),
  organizationName: z.string(),
  /** A demo organization (the demo generator's): demo-only controls such as Simulate Scan show only here. */
  demo: z.boolean(),
  /** Empty: every plant of the organization. */
  plants: z.array(z.string()),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const sessionBody = z.object({ user: sessionUser });

/**
 * `?signedOut=null`: a page that only wants to know whether someone is signed in gets 200 and null when nobody is,
 * rather than the 401 a read without a session gets (which a browser logs as a failed load).
 */
export const sessionReadQuery = z.object({
  signedOut: z.literal('null', { error: "must be 'null' (answer null when signed out)" }).optional(),
});

export const authStatus = z.object({
  /** No account exists yet: the first visitor creates the organization and its admin. */
  needsSetup: z.boolean(),
  /** In demo mode, the accounts the sign-in page offers. */
  demo: z
    .object({
      password: z.string(),
      /** The demo organization: its buttons name it, so an address with an account elsewhere signs in here. */
      organizationId: z.number(),
      accounts: z.array(z.object({ email: z.string(), name: z.string(), role: z.string() })),
    })
    .nullable(),
});
export type AuthStatus = z.infer<typeof authStatus>;

export const managedUser = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  active: z.boolean(),
  plants: z.array(z.string()),
  /** True while an invitation waits to be accepted. */
  invited: z.boolean(),
  createdAt: isoDateTime,
  version: z.number(),
});
export type ManagedUser = z.infer<typeof managedUser>;

/** Create with a password the admin passes on, or leave it out to get an invitation link. */
export const createUserBody = z.object({
  name: personName,
  email,
  role,
  plants: plantList.default([]),
  password: newPassword.optional(),
});

export const createdUser = z.object({ user: managedUser, inviteUrl: z.string().nullable() });

export const updateUserBody = z
  .object({
    version: z.number({ error: 'is required' }).int().positive(),
    role: role.optional(),
    plants: plantList.optional(),
    active: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .refine((b) => b.role !== undefined || b.plants !== undefined || b.active !== undefined, {
    error: 'give at least one of role, plants or active',
  });
