import { COMING_MESSAGES } from '#shared/manage/coming.ts';

/** The guest answered "Yes, we're coming" from their reminder (issue 18). */
export function ComingTick() {
  return (
    <span className="inline-flex rounded-full bg-green-600/15 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-green-800">
      <span aria-hidden="true">{COMING_MESSAGES.staffTick}</span>
      <span className="sr-only">{COMING_MESSAGES.staffTickLabel}</span>
    </span>
  );
}
