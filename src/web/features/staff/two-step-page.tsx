import { useState } from 'react';
import { roleAllows } from '#shared/staff/roles.ts';
import { RECOVERY_CODE_COUNT } from '#shared/staff/two-step.ts';
import {
  disableTwoStepSchema,
  type QrCode,
  type TwoStepSetup,
  type TwoStepStatus,
  twoStepCodeSchema,
} from '#shared/staff/two-step-schemas.ts';
import { plural } from '#shared/text/plural.ts';
import { LoadGate, useLoaded } from '#web/components/load-state.tsx';
import { schemaResolver } from '#web/forms/schema-resolver.ts';
import { FormError, SiteForm, SubmitButton } from '#web/forms/site-form.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import { failureText } from '#web/lib/api.ts';
import { useAdminTitle } from './admin-layout.tsx';
import { useAdminSession } from './admin-session.tsx';
import { CodeField, CurrentPasswordField } from './auth-card.tsx';
import { Notice } from './notice.tsx';
import * as twoStepApi from './two-step-api.ts';
import { TwoStepSettings } from './two-step-settings.tsx';

type Step =
  | { step: 'status'; twoStep: TwoStepStatus }
  | { step: 'scan'; setup: TwoStepSetup }
  | { step: 'codes'; codes: string[] };

const LOAD_FAILED = 'Your two-step sign-in could not be loaded.';

const statusStep = async (): Promise<Step> => ({ step: 'status', twoStep: await twoStepApi.status() });

function QrImage({ qr }: { qr: QrCode }) {
  return (
    <svg
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      role="img"
      aria-label="QR code for your authenticator app"
      shapeRendering="crispEdges"
      className="h-56 w-56 rounded-lg border border-cream-300"
    >
      <rect width={qr.size} height={qr.size} fill="#ffffff" />
      <path d={qr.path} fill="#12261c" />
    </svg>
  );
}

/** The secret in groups of four, easier to type into an app that cannot scan. */
function groupedSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

function ScanStep({ setup, onEnabled }: { setup: TwoStepSetup; onEnabled: (codes: string[]) => void }) {
  const confirm = useSiteForm({
    defaultValues: { code: '' },
    validate: schemaResolver(twoStepCodeSchema),
    send: async ({ code }) => onEnabled((await twoStepApi.enable(code)).recoveryCodes),
    failure: 'Two-step sign-in could not be turned on.',
  });

  return (
    <section aria-labelledby="scan-heading" className="card space-y-5 p-5 sm:p-6">
      <h2 id="scan-heading" className="font-serif text-2xl">
        1. Scan the code
      </h2>
      <p>
        In an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password…), add
        an account and scan this code.
      </p>
      <QrImage qr={setup.qr} />
      <div>
        <p className="text-sm text-ink-soft">Can’t scan? Type this key into the app instead:</p>
        <p className="mt-1 font-mono text-lg break-all text-green-900" data-testid="two-step-secret">
          {groupedSecret(setup.secret)}
        </p>
      </div>
      <h2 className="font-serif text-2xl">2. Enter the code it shows</h2>
      <SiteForm form={confirm} className="space-y-4" aria-label="Confirm two-step sign-in">
        <CodeField label="6-digit code" numeric />
        <FormError />
        <SubmitButton className="btn-dark" busyLabel="Checking…">
          Turn on two-step sign-in
        </SubmitButton>
      </SiteForm>
    </section>
  );
}

function RecoveryCodesStep({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  return (
    <section aria-labelledby="codes-heading" className="card space-y-5 p-5 sm:p-6">
      <Notice tone="success">Two-step sign-in is on.</Notice>
      <h2 id="codes-heading" className="font-serif text-2xl">
        Your {RECOVERY_CODE_COUNT} recovery codes
      </h2>
      <p>
        If you lose your phone, sign in with one of these instead of a code; each works once. Write them down
        or print them and keep them somewhere safe. <strong>They are shown only now.</strong>
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-lg bg-cream-100 p-4 font-mono text-lg text-green-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-outline" onClick={() => window.print()}>
          Print
        </button>
        <button type="button" className="btn-dark" onClick={onSaved}>
          I have saved them
        </button>
      </div>
    </section>
  );
}

function TurnOff({ onTurnedOff }: { onTurnedOff: () => void }) {
  const turnOff = useSiteForm({
    defaultValues: { password: '' },
    validate: schemaResolver(disableTwoStepSchema),
    send: async ({ password }) => {
      await twoStepApi.disable(password);
      onTurnedOff();
    },
    failure: 'Two-step sign-in could not be turned off.',
  });

  return (
    <SiteForm form={turnOff} className="space-y-4" aria-label="Turn off two-step sign-in">
      <CurrentPasswordField label="Your password" inputClassName="max-w-sm" />
      <FormError />
      <SubmitButton className="btn-outline" busyLabel="Turning off…">
        Turn off two-step sign-in
      </SubmitButton>
    </SiteForm>
  );
}

function StatusStep({
  status,
  onStart,
  onTurnedOff,
}: {
  status: TwoStepStatus;
  onStart: () => void;
  onTurnedOff: () => void;
}) {
  if (!status.on) {
    return (
      <section aria-labelledby="two-step-heading" className="card space-y-4 p-5 sm:p-6">
        <h2 id="two-step-heading" className="font-serif text-2xl">
          Two-step sign-in is off
        </h2>
        {status.required ? (
          <Notice tone="error">
            The owner requires two-step sign-in for managers and owners. Turn it on to continue.
          </Notice>
        ) : null}
        <p>
          With it on, signing in needs your password and a code from an app on your phone, so a stolen
          password alone is not enough.
        </p>
        <button type="button" className="btn-dark" onClick={onStart}>
          Set up two-step sign-in
        </button>
      </section>
    );
  }
  return (
    <section aria-labelledby="two-step-heading" className="card space-y-4 p-5 sm:p-6">
      <h2 id="two-step-heading" className="font-serif text-2xl">
        Two-step sign-in is on
      </h2>
      <p>
        You have {plural(status.recoveryCodesLeft, 'recovery code', 'recovery codes')} left.
        {status.recoveryCodesLeft <= 3 ? ' Turn two-step sign-in off and on again for a new set.' : ''}
      </p>
      {status.required ? (
        <p className="text-ink-soft">The owner requires it for managers and owners, so it stays on.</p>
      ) : (
        <TurnOff onTurnedOff={onTurnedOff} />
      )}
    </section>
  );
}

/** The signed-in person's account (/admin/account): turning two-step sign-in on and off; for owners, the team's rule. */
export function TwoStepPage() {
  useAdminTitle('Your account');
  const { state, refresh } = useAdminSession();
  const { load: screen, setLoad: setScreen, reload } = useLoaded(statusStep, LOAD_FAILED);
  const [notice, setNotice] = useState('');

  async function start() {
    setNotice('');
    try {
      setScreen({ status: 'ready', step: 'scan', setup: await twoStepApi.startSetup() });
    } catch (error) {
      setScreen({ status: 'failed', error: failureText(error, LOAD_FAILED) });
    }
  }

  async function afterChange(text = '') {
    setNotice(text);
    await reload();
    await refresh();
  }

  const isOwner = state.status === 'signed-in' && roleAllows(state.role, 'owner');

  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <div>
        <h1 className="font-serif text-3xl sm:text-4xl">Your account</h1>
        {state.status === 'signed-in' ? (
          <p className="mt-1 break-all text-ink-soft">
            {state.name} · {state.email}
          </p>
        ) : null}
      </div>
      {notice ? <Notice tone="success">{notice}</Notice> : null}
      <LoadGate load={screen}>
        {(shown) =>
          shown.step === 'scan' ? (
            <ScanStep
              setup={shown.setup}
              onEnabled={(codes) => setScreen({ status: 'ready', step: 'codes', codes })}
            />
          ) : shown.step === 'codes' ? (
            <RecoveryCodesStep codes={shown.codes} onSaved={() => void afterChange()} />
          ) : (
            <>
              <StatusStep
                status={shown.twoStep}
                onStart={() => void start()}
                onTurnedOff={() =>
                  void afterChange('Two-step sign-in is off: you sign in with your password alone.')
                }
              />
              {isOwner && (shown.twoStep.on || !shown.twoStep.required) ? <TwoStepSettings /> : null}
            </>
          )
        }
      </LoadGate>
    </div>
  );
}
