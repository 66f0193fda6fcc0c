import { ALL_PLANTS } from '@common/texts';

/** Display texts of sign-in, set-up, invitations and the account menu: one source for screens and tests. */
export const AUTH_TEXTS = {
  signIn: {
    title: 'Sign in',
    intro: 'Sign in to reach your plant’s valves and work orders.',
    email: 'Email',
    password: 'Password',
    submit: 'Sign in',
    busy: 'Signing in…',
    failed: 'Could not sign in',
    /** The server's 403 for an account whose address is not yet confirmed; its message says what to do. */
    unverified: 'Confirm your email address first',
    /** The server's 429 when the account's wrong passwords are spent; its message says when to try again. */
    paused: 'Sign-in is paused',
    chooseTitle: 'Choose your organization',
    chooseIntro: 'This email has accounts in more than one organization. Which one do you want to sign in to?',
  },
  demo: {
    title: 'Try the demo',
    intro: 'One tap signs you in as one of the demo plant’s people.',
    button: (roleLabel: string) => `Sign in as ${roleLabel}`,
    or: 'or',
  },
  setUp: {
    title: 'Set up ValveOps',
    intro:
      'No one has signed up yet. Create your organization: you become its administrator, and can add your team next.',
    organizationName: 'Organization name',
    plantName: 'Plant name',
    plantNameHint: 'Your first plant; add more later.',
    timeZone: 'Time zone',
    timeZoneHint: "The plant's: due dates and plan days are its days.",
    name: 'Your name',
    email: 'Email',
    password: 'Password',
    submit: 'Create organization',
    busy: 'Creating…',
    failed: 'Could not set up ValveOps',
  },
  invite: {
    title: 'Welcome to ValveOps',
    intro: 'Choose a password to finish setting up your account.',
    password: 'New password',
    submit: 'Set password and sign in',
    busy: 'Setting up…',
    failed: 'Could not accept the invitation',
    missingToken:
      'This link has no invitation in it. Open the link from your invitation again, or ask your administrator for a new one.',
  },
  passwordHint: 'At least 8 characters. A few words are easy to type and hard to guess.',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  checking: 'Checking your sign-in…',
  sessionFailed: 'Could not check your sign-in',
  menu: {
    trigger: (name: string) => `Account menu for ${name}`,
    allPlants: ALL_PLANTS,
    alarms: 'Alarms',
    users: 'Users',
    apiTokens: 'API tokens',
    webhooks: 'Webhooks',
    plants: 'Plants',
    billing: 'Plan & Billing',
    reliefValves: 'Relief valves',
    plans: 'Maintenance plans',
    procedures: 'Procedures',
    parts: 'Spare parts',
    costs: 'Maintenance costs',
    reliability: 'Reliability',
    requests: 'Work requests',
    laborRates: 'Labor rates',
    signOut: 'Sign out',
    signOutFailed: 'Could not sign out',
  },
  signInLink: 'Sign in',
} as const;

/** Up to two initials for the avatar: 'Tomás Ruiz' → 'TR', 'Alex' → 'A'. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : '';
  return `${[...first][0] ?? ''}${last ? ([...last][0] ?? '') : ''}`.toUpperCase();
}
