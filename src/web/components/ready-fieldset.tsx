import { type ReactNode, useEffect, useState } from 'react';
import { useHydrated } from '#web/hooks/use-hydrated.ts';

const FORM_GETTING_READY = 'Getting the form ready…';

/**
 * Holds a server-rendered form's controls disabled until React has taken the page over. Before then,
 * what a guest types would be lost on hydration, and Enter would submit the form natively, putting
 * their name and phone number in the address bar. Rendered by the browser (any later visit to the
 * page), the fieldset is enabled from the start.
 */
export function ReadyFieldset({ className = '', children }: { className?: string; children: ReactNode }) {
  const ready = useHydrated();
  // Its controls are enabled at once, without their transitions: otherwise every button and field of a long
  // form fades from its disabled colours together, a burst of work and events while the page comes alive (on
  // /christmas some 1,500 transition events, 20–70 ms tasks on a phone). Once that frame is drawn, they are back.
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (!ready) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setSettled(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready]);
  return (
    <fieldset disabled={!ready} className={settled ? className : `${className} **:transition-none`}>
      {children}
      {ready ? null : (
        // On a slow connection the form can show for seconds before it works: say so, in a note that floats
        // over the page, so nothing moves when it goes.
        <p
          role="status"
          className="fixed inset-x-0 bottom-4 z-30 mx-auto w-fit rounded-full bg-green-900 px-5 py-2.5 text-sm font-semibold text-cream-50"
        >
          {FORM_GETTING_READY}
        </p>
      )}
    </fieldset>
  );
}
