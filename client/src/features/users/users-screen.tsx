import { FileUp, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { ExportLinks } from '@/components/export-links';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { buttonClasses } from '@/components/ui/button';
import { Skeletons } from '@/components/ui/skeleton';
import { useSession } from '@/lib/session/session-query';
import { useCan } from '@/lib/session/use-can';
import { useUsers } from './api/get-users';
import { AddUserDialog } from './components/add-user-dialog';
import { UserCard } from './components/user-card';
import { USER_TEXTS } from './texts';

/** Anyone but an admin who opens /admin/users: a plain answer, not an error page. */
function Refused() {
  return (
    <div className="mx-auto max-w-lg py-10 text-center">
      <ShieldAlert className="mx-auto size-12 text-slate-400" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{USER_TEXTS.refused}</h1>
      <p className="mt-2 text-base text-slate-600">{USER_TEXTS.refusedHint}</p>
      <Link to="/app" className={buttonClasses('outline', 'md', 'mt-6')}>
        Back to the dashboard
      </Link>
    </div>
  );
}

/** /admin/users: the organization's people, their roles and plants; add, change, deactivate. */
export function UsersScreen() {
  const canManage = useCan('users:manage');
  const { data: me } = useSession();
  const users = useUsers({ enabled: canManage });

  return (
    <>
      <title>{`${USER_TEXTS.title} · ValveOps`}</title>
      {!canManage ? (
        <Refused />
      ) : (
        <>
          <PageHeader
            title={USER_TEXTS.title}
            action={
              <div className="flex flex-wrap gap-2">
                <Link to="/admin/users/import" className={buttonClasses('outline')}>
                  <FileUp className="size-5" aria-hidden="true" />
                  {USER_TEXTS.importUsers}
                </Link>
                <AddUserDialog />
              </div>
            }
          />
          <p className="-mt-2 mb-4 text-base text-slate-700">{USER_TEXTS.intro}</p>
          {me?.plants.length ? null : (
            <div className="mb-4">
              <ExportLinks kind="audit" what="the audit trail" />
            </div>
          )}
          {users.isPending ? (
            <Skeletons count={4} label={USER_TEXTS.loading} className="md:grid-cols-2" itemClassName="h-44" />
          ) : users.isError ? (
            <LoadError error={users.error} onRetry={() => users.refetch()} />
          ) : users.data.length === 0 ? (
            <EmptyState>{USER_TEXTS.empty}</EmptyState>
          ) : (
            <ul aria-label={USER_TEXTS.title} className="grid gap-2 md:grid-cols-2">
              {users.data.map((user) => (
                <li key={user.id}>
                  <UserCard user={user} isSelf={user.id === me?.id} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}
