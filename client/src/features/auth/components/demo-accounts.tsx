import type { AuthStatus } from '@common/schemas/auth';
import { roleLabel } from '@common/texts';
import {
  ClipboardCheck,
  DraftingCompass,
  Loader2,
  type LucideIcon,
  ShieldCheck,
  UserRound,
  Wrench,
} from 'lucide-react';
import { FormAlert } from '@/components/form-parts';
import { readApiError } from '@/lib/api-error';
import { useSignIn } from '../api/sign-in';
import { AUTH_TEXTS } from '../texts';

const ROLE_ICONS: Record<string, LucideIcon> = {
  technician: Wrench,
  supervisor: ClipboardCheck,
  engineer: DraftingCompass,
  admin: ShieldCheck,
};

type Demo = NonNullable<AuthStatus['demo']>;

/** Demo mode: one tap per role signs in with the demo password, so a visitor can try each person's view. */
export function DemoAccounts({ demo }: { demo: Demo }) {
  const signIn = useSignIn();
  const failure = signIn.error ? readApiError(signIn.error).message : null;

  return (
    <section
      aria-labelledby="demo-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="demo-heading" className="text-lg font-bold text-slate-900">
        {AUTH_TEXTS.demo.title}
      </h2>
      <p className="mt-1 text-base text-slate-700">{AUTH_TEXTS.demo.intro}</p>
      {failure ? (
        <div className="mt-3">
          <FormAlert title={AUTH_TEXTS.signIn.failed}>{failure}</FormAlert>
        </div>
      ) : null}
      <ul className="mt-3 grid gap-2">
        {demo.accounts.map((account) => {
          const Icon = ROLE_ICONS[account.role] ?? UserRound;
          const busy = signIn.isPending && signIn.variables?.email === account.email;
          return (
            <li key={account.email}>
              <button
                type="button"
                disabled={signIn.isPending}
                aria-busy={busy}
                onClick={() =>
                  signIn.mutate({ email: account.email, password: demo.password, organizationId: demo.organizationId })
                }
                className="flex min-h-16 w-full items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2 text-left hover:border-brand-600 hover:bg-brand-50 active:bg-brand-100 disabled:cursor-not-allowed disabled:opacity-60"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
                  {busy ? (
                    <Loader2 className="size-5 animate-spin" aria-hidden="true" />
                  ) : (
                    <Icon className="size-5" aria-hidden="true" />
                  )}
                </span>
                <span className="min-w-0">
                  <span className="block font-semibold text-slate-900">
                    {AUTH_TEXTS.demo.button(roleLabel(account.role))}
                  </span>
                  <span className="block truncate text-sm text-slate-600">{account.name}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
