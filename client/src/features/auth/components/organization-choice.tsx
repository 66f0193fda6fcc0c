import type { OrganizationChoice as Organization } from '@common/schemas/auth';
import { Building2 } from 'lucide-react';
import { AUTH_TEXTS } from '../texts';

/**
 * The address and password opened accounts in several organizations: one big button per organization signs in
 * to that one.
 */
export function OrganizationChoice({
  organizations,
  busy,
  onChoose,
}: {
  organizations: Organization[];
  busy: boolean;
  onChoose: (organizationId: number) => void;
}) {
  return (
    <section
      aria-labelledby="organization-choice"
      className="grid gap-2 rounded-lg border border-brand-200 bg-brand-50 p-3"
    >
      <h2 id="organization-choice" className="text-lg font-bold text-slate-900">
        {AUTH_TEXTS.signIn.chooseTitle}
      </h2>
      <p className="text-base text-slate-700">{AUTH_TEXTS.signIn.chooseIntro}</p>
      <ul className="grid gap-2">
        {organizations.map((organization) => (
          <li key={organization.id}>
            <button
              type="button"
              disabled={busy}
              onClick={() => onChoose(organization.id)}
              className="flex min-h-14 w-full items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2 text-left text-base font-semibold text-slate-900 hover:border-brand-600 active:bg-brand-100 disabled:cursor-not-allowed disabled:opacity-60"
            >
              <Building2 className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
              {organization.name}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
