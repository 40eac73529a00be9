import { useId } from 'react';
import { useController } from 'react-hook-form';
import { STAFF_ACCOUNT_MESSAGES } from '#shared/staff/account-messages.ts';
import { type StaffAccount, type StaffInvite, staffInviteSchema } from '#shared/staff/accounts.ts';
import {
  STAFF_ROLE_DESCRIPTIONS,
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  type StaffRole,
} from '#shared/staff/roles.ts';
import { FormTextField } from '#web/forms/fields.tsx';
import { schemaResolver } from '#web/forms/schema-resolver.ts';
import { FormError, SiteForm, SubmitButton } from '#web/forms/site-form.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import * as api from './api.ts';

const NOBODY_YET: StaffInvite = { name: '', email: '', role: 'staff' };

function RoleChoice({
  name,
  value,
  onChange,
}: {
  name: string;
  value: StaffRole;
  onChange: (role: StaffRole) => void;
}) {
  return (
    <fieldset>
      <legend className="field-label">Role</legend>
      <div className="space-y-2">
        {STAFF_ROLES.map((role) => (
          <label
            key={role}
            className={`flex min-h-11 cursor-pointer gap-3 rounded-xl border-2 p-3 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-brass-500 ${
              value === role ? 'border-green-800 bg-green-800/5' : 'border-cream-300 bg-white'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={role}
              checked={value === role}
              onChange={() => onChange(role)}
              className="mt-1 h-5 w-5 shrink-0 accent-green-800"
            />
            <span>
              <span className="block font-semibold text-green-900">{STAFF_ROLE_LABELS[role]}</span>
              <span className="block text-sm text-ink-soft">{STAFF_ROLE_DESCRIPTIONS[role]}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The owner invites someone by name, e-mail and role (issue 19), checked by the route's own schema; an
 * address that already has an account is refused by the server, under the e-mail.
 */
export function InviteForm({ onInvited }: { onInvited: (account: StaffAccount, outcome: string) => void }) {
  const id = useId();
  const invite = useSiteForm({
    defaultValues: NOBODY_YET,
    validate: schemaResolver(staffInviteSchema),
    send: async (values) => {
      const account = await api.inviteStaff(values);
      onInvited(account, STAFF_ACCOUNT_MESSAGES.invited(account.name, account.email));
      invite.form.reset();
    },
    failure: STAFF_ACCOUNT_MESSAGES.changeFailed,
  });
  const role = useController({ control: invite.form.control, name: 'role' });

  return (
    <section aria-labelledby={`${id}-title`} className="card p-4 sm:p-6">
      <h2 id={`${id}-title`} className="font-serif text-2xl text-green-900">
        Invite someone
      </h2>
      <p className="mt-1 text-ink-soft">
        They get an e-mail with a link to choose their password. It works once, for 72 hours.
      </p>
      <SiteForm form={invite} className="mt-5 space-y-5" aria-label="Invite someone">
        <FormTextField name="name" label="Name" autoComplete="off" required />
        <FormTextField name="email" label="Email" type="email" autoComplete="off" required />
        <RoleChoice name={`${id}-role`} value={role.field.value} onChange={role.field.onChange} />
        <FormError />
        <SubmitButton className="btn-dark w-full sm:w-auto" busyLabel="Sending…">
          Send invitation
        </SubmitButton>
      </SiteForm>
    </section>
  );
}
