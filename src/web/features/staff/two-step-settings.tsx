import { LoadGate, OutcomeNotice, useLoaded, useOutcome } from '#web/components/load-state.tsx';
import * as twoStepApi from './two-step-api.ts';

const settings = async () => ({ required: (await twoStepApi.staffSettings()).requireTwoStep });

/** The owner's switch: managers and owners must use two-step sign-in. A section any owner screen can show. */
export function TwoStepSettings() {
  const { load, setLoad } = useLoaded(settings, 'The settings could not be loaded.');
  const { outcome, attempt, working } = useOutcome();

  async function change(requireTwoStep: boolean) {
    await attempt(async () => {
      const saved = await twoStepApi.saveStaffSettings({ requireTwoStep });
      setLoad({ status: 'ready', required: saved.requireTwoStep });
      return saved.requireTwoStep
        ? 'Managers and owners now need two-step sign-in.'
        : 'Two-step sign-in is now optional for everyone.';
    }, 'The setting could not be saved.');
  }

  return (
    <section aria-labelledby="two-step-settings-heading" className="card space-y-4 p-5 sm:p-6">
      <h2 id="two-step-settings-heading" className="font-serif text-2xl">
        Two-step sign-in for the team
      </h2>
      <LoadGate load={load}>
        {({ required }) => (
          <div>
            <div className="flex min-h-11 items-center gap-3">
              <input
                id="require-two-step"
                type="checkbox"
                checked={required}
                disabled={working !== null}
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
      </LoadGate>
      <OutcomeNotice outcome={outcome} />
    </section>
  );
}
