import { useCallback, useEffect, useId, useState } from 'react';
import { STAFF_ACCOUNT_MESSAGES } from '#shared/staff/account-messages.ts';
import type { StaffAccount, StaffChange } from '#shared/staff/accounts.ts';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '#shared/staff/roles.ts';
import { formatLondonMoment } from '#shared/time/staff-dates.ts';
import { Dialog } from '#web/components/dialog.tsx';
import { failureText } from '#web/lib/api.ts';
import { useAdminTitle } from './admin-layout.tsx';
import { useAdminSession } from './admin-session.tsx';
import * as api from './api.ts';
import { InviteForm } from './invite-form.tsx';
import { Notice } from './notice.tsx';

type LoadState =
  | { status: 'loading' }
  | { status: 'failed'; error: string }
  | { status: 'ready'; accounts: StaffAccount[] };

type Outcome = { tone: 'success' | 'error'; text: string } | null;

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
            <div className="min-w-40 flex-1">
              <label htmlFor={`${id}-role`} className="field-label">
                Role
              </label>
              <select
                id={`${id}-role`}
                value={role}
                onChange={(event) => setRole(event.target.value as StaffRole)}
                className="field-input min-h-11"
              >
                {STAFF_ROLES.map((option) => (
                  <option key={option} value={option}>
                    {STAFF_ROLE_LABELS[option]}
                  </option>
                ))}
              </select>
            </div>
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

function DisableDialog({
  account,
  onCancel,
  onConfirm,
}: {
  account: StaffAccount | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const id = useId();
  return (
    <Dialog
      open={account !== null}
      onClose={onCancel}
      labelledBy={`${id}-title`}
      className="card w-full max-w-md p-6"
    >
      <h2 id={`${id}-title`} className="font-serif text-2xl">
        {account ? STAFF_ACCOUNT_MESSAGES.confirmDisable(account.name) : ''}
      </h2>
      <p className="mt-2 text-ink-soft">{STAFF_ACCOUNT_MESSAGES.disableExplanation}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="button" onClick={onConfirm} className="btn-dark px-5 py-2.5">
          Disable account
        </button>
        <button type="button" onClick={onCancel} className="btn-outline px-5 py-2.5">
          Keep it
        </button>
      </div>
    </Dialog>
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
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [disabling, setDisabling] = useState<StaffAccount | null>(null);

  const reload = useCallback(async () => {
    try {
      setLoad({ status: 'ready', accounts: await api.staffAccounts() });
    } catch (error) {
      setLoad({ status: 'failed', error: failureText(error, STAFF_ACCOUNT_MESSAGES.loadFailed) });
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  function replace(account: StaffAccount) {
    setLoad((current) =>
      current.status !== 'ready'
        ? current
        : current.accounts.some((entry) => entry.id === account.id)
          ? {
              status: 'ready',
              accounts: current.accounts.map((entry) => (entry.id === account.id ? account : entry)),
            }
          : { status: 'ready', accounts: [...current.accounts, account] },
    );
  }

  async function change(account: StaffAccount, requested: StaffChange) {
    setBusyId(account.id);
    setOutcome(null);
    try {
      const changed = await api.changeStaff(account.id, requested);
      replace(changed);
      setOutcome({ tone: 'success', text: outcomeOf(changed, requested) });
    } catch (error) {
      setOutcome({ tone: 'error', text: failureText(error, STAFF_ACCOUNT_MESSAGES.changeFailed) });
    } finally {
      setBusyId(null);
    }
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="font-serif text-3xl sm:text-4xl">Staff</h1>
        <p className="mt-1 text-ink-soft">Who can sign in to the admin, and what each of them may do.</p>
      </div>
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
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
        {load.status === 'loading' ? (
          <p role="status" className="text-ink-soft">
            Loading…
          </p>
        ) : load.status === 'failed' ? (
          <Notice tone="error">{load.error}</Notice>
        ) : (
          <ul className="space-y-4">
            {load.accounts.map((account) => (
              <AccountCard
                key={account.id}
                account={account}
                isYou={account.email === myEmail}
                busy={busyId === account.id}
                onChange={change}
                onAskDisable={setDisabling}
              />
            ))}
          </ul>
        )}
      </section>
      <DisableDialog
        account={disabling}
        onCancel={() => setDisabling(null)}
        onConfirm={() => {
          if (disabling) void change(disabling, { disabled: true });
          setDisabling(null);
        }}
      />
    </div>
  );
}
