import { useEffect, useId, useState } from 'react';
import { STAFF_ACCOUNT_MESSAGES } from '#shared/staff/account-messages.ts';
import type { StaffAccount, StaffChange } from '#shared/staff/accounts.ts';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '#shared/staff/roles.ts';
import { formatLondonMoment } from '#shared/time/staff-dates.ts';
import { ConfirmDialog, ConfirmForm, nothingToCheck } from '#web/components/confirm-dialog.tsx';
import { SelectField } from '#web/components/form-fields.tsx';
import { LoadGate, OutcomeNotice, useLoaded, useOutcome, whenReady } from '#web/components/load-state.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import { useAdminTitle } from './admin-layout.tsx';
import { useAdminSession } from './admin-session.tsx';
import * as api from './api.ts';
import { InviteForm } from './invite-form.tsx';

const accounts = async () => ({ accounts: await api.staffAccounts() });

function statusLine(account: StaffAccount): string {
  const parts = [account.disabled ? 'Disabled' : account.invitationPending ? 'Invitation sent' : 'Active'];
  if (account.twoStepOn) parts.push('two-step sign-in on');
  if (account.lastLoginAt) parts.push(`last signed in ${formatLondonMoment(account.lastLoginAt)}`);
  return parts.join(' · ');
}

function AccountCard({
  account,
  isYou,
  busy,
  onChange,
  onAskDisable,
}: {
  account: StaffAccount;
  isYou: boolean;
  busy: boolean;
  onChange: (account: StaffAccount, change: StaffChange) => void;
  onAskDisable: (account: StaffAccount) => void;
}) {
  const id = useId();
  const [role, setRole] = useState<StaffRole>(account.role);
  useEffect(() => setRole(account.role), [account.role]);

  return (
    <li>
      <article aria-labelledby={`${id}-name`} className="card space-y-4 p-4 sm:p-6">
        <div>
          <h3 id={`${id}-name`} className="font-serif text-2xl break-words text-green-900">
            {account.name}
            {isYou ? <span className="text-base text-ink-soft"> (you)</span> : null}
          </h3>
          <p className="break-all text-ink-soft">{account.email}</p>
          <p className="mt-1 text-sm">
            <strong>{STAFF_ROLE_LABELS[account.role]}</strong> · {statusLine(account)}
          </p>
        </div>
        {isYou ? null : (
          <div className="flex flex-wrap items-end gap-3">
            <SelectField
              id={`${id}-role`}
              label="Role"
              className="min-w-40 flex-1"
              value={role}
              onValue={(value) => setRole(value as StaffRole)}
            >
              {STAFF_ROLES.map((option) => (
                <option key={option} value={option}>
                  {STAFF_ROLE_LABELS[option]}
                </option>
              ))}
            </SelectField>
            <button
              type="button"
              className="btn-dark min-h-11"
              disabled={busy || role === account.role}
              onClick={() => onChange(account, { role })}
            >
              Change role
            </button>
            <button
              type="button"
              className="btn-outline min-h-11"
              disabled={busy}
              onClick={() =>
                account.disabled ? onChange(account, { disabled: false }) : onAskDisable(account)
              }
            >
              {account.disabled ? 'Enable account' : 'Disable account'}
            </button>
            {account.twoStepOn ? (
              <button
                type="button"
                className="btn-outline min-h-11"
                disabled={busy}
                onClick={() => onChange(account, { twoStep: false })}
              >
                Turn off two-step sign-in
              </button>
            ) : null}
          </div>
        )}
      </article>
    </li>
  );
}

/** Asks before an account is disabled; the change's outcome is the page's to say. */
function DisableQuestion({
  account,
  onDisable,
}: {
  account: StaffAccount;
  onDisable: (account: StaffAccount) => Promise<void>;
}) {
  const question = useSiteForm({
    defaultValues: {},
    validate: nothingToCheck(),
    send: () => onDisable(account),
    failure: STAFF_ACCOUNT_MESSAGES.changeFailed,
  });
  return (
    <ConfirmForm
      form={question}
      title={STAFF_ACCOUNT_MESSAGES.confirmDisable(account.name)}
      confirmLabel="Disable account"
      busyLabel="Disable account"
      keepLabel="Keep it"
    >
      <p className="mt-2 text-ink-soft">{STAFF_ACCOUNT_MESSAGES.disableExplanation}</p>
    </ConfirmForm>
  );
}

function outcomeOf(account: StaffAccount, change: StaffChange): string {
  if ('role' in change) return STAFF_ACCOUNT_MESSAGES.roleChanged(account.name, account.role);
  if ('twoStep' in change) return STAFF_ACCOUNT_MESSAGES.twoStepTurnedOff(account.name);
  return account.disabled
    ? STAFF_ACCOUNT_MESSAGES.disabled(account.name)
    : STAFF_ACCOUNT_MESSAGES.enabled(account.name);
}

/** /admin/staff (owner): the team's accounts, inviting someone, changing a role, disabling an account. */
export function StaffPage() {
  useAdminTitle('Staff');
  const { state } = useAdminSession();
  const myEmail = state.status === 'signed-in' ? state.email : null;
  const { load, setLoad } = useLoaded(accounts, STAFF_ACCOUNT_MESSAGES.loadFailed);
  const { outcome, setOutcome, attempt, working } = useOutcome();
  const [disabling, setDisabling] = useState<StaffAccount | null>(null);

  function replace(account: StaffAccount) {
    setLoad(
      whenReady(({ accounts: shown }) => ({
        accounts: shown.some((entry) => entry.id === account.id)
          ? shown.map((entry) => (entry.id === account.id ? account : entry))
          : [...shown, account],
      })),
    );
  }

  async function change(account: StaffAccount, requested: StaffChange) {
    await attempt(
      async () => {
        const changed = await api.changeStaff(account.id, requested);
        replace(changed);
        return outcomeOf(changed, requested);
      },
      STAFF_ACCOUNT_MESSAGES.changeFailed,
      account.id,
    );
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="font-serif text-3xl sm:text-4xl">Staff</h1>
        <p className="mt-1 text-ink-soft">Who can sign in to the admin, and what each of them may do.</p>
      </div>
      <OutcomeNotice outcome={outcome} />
      <InviteForm
        onInvited={(account, invited) => {
          replace(account);
          setOutcome({ tone: 'success', text: invited });
        }}
      />
      <section aria-labelledby="staff-accounts-title" className="space-y-4">
        <h2 id="staff-accounts-title" className="font-serif text-2xl text-green-900">
          Accounts
        </h2>
        <LoadGate load={load}>
          {({ accounts }) => (
            <ul className="space-y-4">
              {accounts.map((account) => (
                <AccountCard
                  key={account.id}
                  account={account}
                  isYou={account.email === myEmail}
                  busy={working === account.id}
                  onChange={change}
                  onAskDisable={setDisabling}
                />
              ))}
            </ul>
          )}
        </LoadGate>
      </section>
      <ConfirmDialog subject={disabling} onKeep={() => setDisabling(null)}>
        {(account) => (
          <DisableQuestion
            account={account}
            onDisable={async (chosen) => {
              setDisabling(null);
              await change(chosen, { disabled: true });
            }}
          />
        )}
      </ConfirmDialog>
    </div>
  );
}
