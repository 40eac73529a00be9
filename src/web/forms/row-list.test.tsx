import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useId, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { RowList } from './row-list.tsx';

const aleId = (index: number) => `ale-${index}`;

/** A row keeping a note of its own, which must travel with the row when it moves. */
function Pint({ name, index }: { name: string; index: number }) {
  const id = useId();
  const [note, setNote] = useState('');
  return (
    <>
      <label htmlFor={aleId(index)}>Ale {index + 1}</label>
      <input id={aleId(index)} readOnly value={name} />
      <label htmlFor={`${id}-note`}>Note on {name || 'the new ale'}</label>
      <input id={`${id}-note`} value={note} onChange={(change) => setNote(change.target.value)} />
    </>
  );
}

function Ales({ initial }: { initial: string[] }) {
  const [ales, setAles] = useState(initial);
  return (
    <RowList
      rows={ales}
      onRows={setAles}
      label="Ales on tap"
      itemClassName="row"
      nameOf={(ale, index) => ale || `ale ${index + 1}`}
      newRow={() => ''}
      addLabel="Add an ale"
      focusOnAdd={aleId}
    >
      {({ row, index }) => <Pint name={row} index={index} />}
    </RowList>
  );
}

describe('a list of rows', () => {
  it('moves a row with what it holds, and names its buttons after it', async () => {
    const user = userEvent.setup();
    render(<Ales initial={['Bitter', 'Stout']} />);
    await user.type(screen.getByLabelText('Note on Stout'), 'Cask only');
    expect(screen.getByRole('button', { name: 'Move Bitter up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move Stout up' }));

    const [first] = within(screen.getByRole('list', { name: 'Ales on tap' })).getAllByRole('listitem');
    expect(within(first as HTMLElement).getByLabelText('Ale 1')).toHaveValue('Stout');
    expect(screen.getByLabelText('Note on Stout')).toHaveValue('Cask only');
  });

  it('focuses a new row, and the add button once a row is removed', async () => {
    const user = userEvent.setup();
    render(<Ales initial={['Bitter']} />);
    await user.click(screen.getByRole('button', { name: 'Add an ale' }));
    expect(screen.getByLabelText('Ale 2')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Remove Bitter' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Add an ale' })).toHaveFocus();
  });
});
