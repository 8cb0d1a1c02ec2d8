import { MyLinksLink } from '../../components/my-links-link.tsx';
import { PublicPage } from '../../components/public-page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { errorText, FormAlert, FormSuccess } from '../../components/ui/form-alert.tsx';
import { QueryError } from '../../components/ui/query-error.tsx';
import { Loading } from '../../components/ui/status.tsx';
import { useConfirmEmail, useEmailChange } from '../../features/my-registration/api/confirm-email.ts';
import { ApiError } from '../../lib/api.ts';

/**
 * /ConfirmEmail/<token>, the link mailed to an entry's new address: a button confirms it (opening the link
 * changes nothing, as mail scanners open links too).
 */
export function ConfirmEmailPage({ token }: { token: string }) {
  const change = useEmailChange(token);
  const confirm = useConfirmEmail(token);
  return (
    <PublicPage title="Confirm your email address">
      <h1 className="text-3xl font-bold">Confirm your email address</h1>
      <div className="mt-6 flex max-w-xl flex-col gap-5">
        {change.isPending && <Loading label="Loading…" />}
        {change.isError &&
          (change.error instanceof ApiError && change.error.status === 404 ? (
            <FormAlert>{change.error.message}</FormAlert>
          ) : (
            <QueryError query={change} />
          ))}
        {confirm.isSuccess ? (
          <FormSuccess>
            <p className="font-semibold">
              Done: the entry {confirm.data.reference} now uses {confirm.data.email}. Our mails go there from
              now on.
            </p>
          </FormSuccess>
        ) : (
          change.data && (
            <>
              <p>
                Make <strong className="break-all">{change.data.email}</strong> the email address of the entry{' '}
                <strong className="font-mono">{change.data.reference}</strong>? Our mails about it, and the
                links to it, will go to this address.
              </p>
              {confirm.isError && <FormAlert>{errorText(confirm.error)}</FormAlert>}
              <Button
                type="button"
                className="w-full sm:w-auto"
                disabled={confirm.isPending}
                onClick={() => confirm.mutate()}
              >
                {confirm.isPending ? 'Confirming…' : 'Confirm this address'}
              </Button>
              <p className="text-stone-700">Not expecting this? Close this page: nothing changes.</p>
            </>
          )
        )}
        <MyLinksLink />
      </div>
    </PublicPage>
  );
}
