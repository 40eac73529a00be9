import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MAX_ONLINE_PARTY } from '#shared/booking/online-limit.ts';
import { BOOKING_MESSAGES } from '#shared/booking/validation.ts';
import { FormPartyFields, type PartyValues } from './field-groups.tsx';
import { ruleResolver } from './rule-resolver.ts';
import { SiteForm, SubmitButton } from './site-form.tsx';
import { useSiteForm } from './use-site-form.ts';

function PartyForm({
  onlineLimit,
  send,
}: {
  onlineLimit?: boolean;
  send: (values: PartyValues) => Promise<void>;
}) {
  const party = useSiteForm<PartyValues>({
    defaultValues: { partyAdults: '2', partyChildren: '0' },
    validate: ruleResolver((values) =>
      Number(values.partyAdults) + Number(values.partyChildren) > 0
        ? null
        : { field: 'partyAdults', message: BOOKING_MESSAGES.partyEmpty },
    ),
    send,
    failure: 'Could not send it.',
  });
  return (
    <SiteForm form={party} aria-label="Party">
      <FormPartyFields onlineLimit={onlineLimit} />
      <SubmitButton className="btn-dark" busyLabel="Sending…">
        Send
      </SubmitButton>
    </SiteForm>
  );
}

describe('the party group', () => {
  it('shows the total as adults and children are typed, and nobody while one is not a number', async () => {
    const user = userEvent.setup();
    render(<PartyForm send={vi.fn()} />);
    expect(screen.getByText('Total:')).toHaveTextContent('Total: 2 guests');
    await user.type(screen.getByLabelText('Children'), '3');
    expect(screen.getByText('Total:')).toHaveTextContent('Total: 5 guests');
    await user.clear(screen.getByLabelText('Adults'));
    await user.type(screen.getByLabelText('Adults'), '-1');
    expect(screen.getByText('Total:')).toHaveTextContent('Total: 0 guests');
  });

  it('puts the rule’s problem under the adults and focuses them, sending nothing', async () => {
    const user = userEvent.setup();
    const send = vi.fn(() => Promise.resolve());
    render(<PartyForm send={send} />);
    await user.clear(screen.getByLabelText('Adults'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const adults = screen.getByLabelText('Adults');
    expect(adults).toHaveFocus();
    expect(adults).toHaveAttribute('aria-invalid', 'true');
    expect(adults).toHaveAccessibleDescription(BOOKING_MESSAGES.partyEmpty);
    expect(send).not.toHaveBeenCalled();
  });

  it('asks a guest for both within the online limit; staff book any party', () => {
    const { unmount } = render(<PartyForm onlineLimit send={vi.fn()} />);
    for (const field of [/^Adults/, /^Children/]) {
      expect(screen.getByLabelText(field)).toBeRequired();
      expect(screen.getByLabelText(field)).toHaveAttribute('max', String(MAX_ONLINE_PARTY));
    }
    unmount();
    render(<PartyForm send={vi.fn()} />);
    expect(screen.getByLabelText('Adults')).not.toBeRequired();
    expect(screen.getByLabelText('Adults')).not.toHaveAttribute('max');
  });
});
