import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown } from './countdown.tsx';

function unit(name: string): string {
  return document.querySelector(`[data-unit="${name}"]`)?.textContent ?? '';
}

describe('Countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-12-01T19:29:57Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('ticks every second', () => {
    render(<Countdown target={new Date('2026-12-02T20:30:00Z')} label="Starts in" />);
    expect(screen.getByRole('timer', { name: 'Starts in' })).toBeInTheDocument();
    expect([unit('days'), unit('hours'), unit('minutes'), unit('seconds')]).toEqual(['01', '01', '00', '03']);
    act(() => vi.advanceTimersByTime(1000));
    expect(unit('seconds')).toBe('02');
    act(() => vi.advanceTimersByTime(2000));
    expect([unit('minutes'), unit('seconds')]).toEqual(['00', '00']);
    act(() => vi.advanceTimersByTime(1000));
    expect([unit('hours'), unit('minutes'), unit('seconds')]).toEqual(['00', '59', '59']);
  });

  it('clamps at zero and says the event is on', () => {
    render(<Countdown target={new Date('2026-12-01T19:30:00Z')} label="Starts in" />);
    expect(unit('seconds')).toBe('03');
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByText('Happening now')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByText('Happening now')).toBeInTheDocument();
    expect(document.querySelector('[data-unit]')).toBeNull();
  });

  it('starts done for a time already past', () => {
    render(<Countdown target={new Date('2026-11-01T10:00:00Z')} />);
    expect(screen.getByText('Happening now')).toBeInTheDocument();
  });
});
