import { useEffect, useState } from 'react';
import { failureText } from '#web/lib/api.ts';
import { Notice } from './notice.tsx';
import * as twoStepApi from './two-step-api.ts';

type Load =
  | { status: 'loading' }
  | { status: 'failed'; error: string }
  | { status: 'ready'; required: boolean };
type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** The owner's switch: managers and owners must use two-step sign-in. A section any owner screen can show. */
export function TwoStepSettings() {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  useEffect(() => {
    let current = true;
    twoStepApi.staffSettings().then(
      (settings) => current && setLoad({ status: 'ready', required: settings.requireTwoStep }),
      (error: unknown) =>
        current &&
        setLoad({ status: 'failed', error: failureText(error, 'The settings could not be loaded.') }),
    );
    return () => {
      current = false;
    };
  }, []);

  async function change(requireTwoStep: boolean) {
    setSaving(true);
    setOutcome(null);
    try {
      const saved = await twoStepApi.saveStaffSettings({ requireTwoStep });
      setLoad({ status: 'ready', required: saved.requireTwoStep });
      setOutcome({
        tone: 'success',
        text: saved.requireTwoStep
          ? 'Managers and owners now need two-step sign-in.'
          : 'Two-step sign-in is now optional for everyone.',
      });
    } catch (error) {
      setOutcome({ tone: 'error', text: failureText(error, 'The setting could not be saved.') });
    }
    setSaving(false);
  }

  return (
    <section aria-labelledby="two-step-settings-heading" className="card space-y-4 p-5 sm:p-6">
      <h2 id="two-step-settings-heading" className="font-serif text-2xl">
        Two-step sign-in for the team
      </h2>
      {load.status === 'loading' ? (
        <p role="status" className="text-ink-soft">
          Loading…
        </p>
      ) : load.status === 'failed' ? (
        <Notice tone="error">{load.error}</Notice>
      ) : (
        <div>
          <div className="flex min-h-11 items-center gap-3">
            <input
              id="require-two-step"
              type="checkbox"
              checked={load.required}
              disabled={saving}
              aria-describedby="require-two-step-hint"
              onChange={(event) => void change(event.target.checked)}
              className="h-6 w-6 shrink-0 accent-green-800 disabled:opacity-60"
            />
            <label htmlFor="require-two-step" className="font-semibold text-green-900">
              Require two-step sign-in for managers and owners
            </label>
          </div>
          <p id="require-two-step-hint" className="mt-1 text-sm text-ink-soft">
            A manager or owner without it can only set it up until it is on. Staff may still choose it.
          </p>
        </div>
      )}
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
    </section>
  );
}
