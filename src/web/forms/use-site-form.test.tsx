import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api.ts';
import { FormContactFields } from './field-groups.tsx';
import { ruleResolver } from './rule-resolver.ts';
import { FormError, SiteForm, SubmitButton } from './site-form.tsx';
import { useSiteForm } from './use-site-form.ts';

const FAILURE = 'Could not send it. Please try again.';

function ContactForm({
  send,
}: {
  send: (values: Record<'name' | 'phone' | 'email', string>) => Promise<void>;
}) {
  const contact = useSiteForm({
    defaultValues: { name: 'Ruth Okafor', phone: '07700 900321', email: 'ruth@example.com' },
    validate: ruleResolver((values) => (values.name.trim() ? null : { field: 'name', message: 'Name?' })),
    send,
    failure: FAILURE,
  });
  return (
    <SiteForm form={contact} aria-label="Contact">
      <FormContactFields />
      <FormError />
      <SubmitButton className="btn-dark" busyLabel="Sending…">
        Send
      </SubmitButton>
    </SiteForm>
  );
}

describe('a form written with useSiteForm', () => {
  it('renders once when it comes into the page, not again to mark itself ready (decision 053)', async () => {
    const commits: string[] = [];
    render(
      <Profiler id="contact" onRender={(_id, phase) => commits.push(phase)}>
        <ContactForm send={async () => {}} />
      </Profiler>,
    );
    await screen.findByRole('textbox', { name: /name/i });
    await new Promise((settled) => setTimeout(settled, 50));
    expect(commits).toEqual(['mount']);
    // It still answers a change with a render.
    await userEvent.type(screen.getByRole('textbox', { name: /name/i }), 'x');
    expect(commits.length).toBeGreaterThan(1);
  });

  it('sends once however often it is submitted while sending, its button busy until the answer', async () => {
    let answer = () => {};
    const send = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    render(<ContactForm send={send} />);
    const form = screen.getByRole('form', { name: 'Contact' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    const busy = await screen.findByRole('button', { name: 'Sending…' });
    expect(busy).toBeDisabled();
    fireEvent.submit(form);
    answer();
    expect(await screen.findByRole('button', { name: 'Send' })).toBeEnabled();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('puts a 422’s issues under the fields they name, and the rest above the button', async () => {
    const user = userEvent.setup();
    const issues = [
      { path: 'phone', message: 'That number has too few digits.' },
      { path: 'website', message: 'Not a field of this form.' },
    ];
    render(
      <ContactForm
        send={() => Promise.reject(new ApiError('Please check the details.', 422, true, issues))}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const phone = screen.getByLabelText(/^Phone/);
    await waitFor(() => expect(phone).toHaveFocus());
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription('That number has too few digits.');
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'That number has too few digits.',
      'Please check the details.',
    ]);
  });

  it('says a failure the server did not word in the form’s own words, and focuses it', async () => {
    const user = userEvent.setup();
    render(<ContactForm send={() => Promise.reject(new ApiError('Request failed (502)', 502))} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const message = await screen.findByRole('alert');
    expect(message).toHaveTextContent(FAILURE);
    await waitFor(() => expect(message).toHaveFocus());
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Ruth Okafor');
  });
});
