import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

type IdleCallback = () => void;

async function loadWithControlledIdle() {
  vi.resetModules();
  const pending: { run: IdleCallback; timeout: number | undefined }[] = [];
  vi.stubGlobal('requestIdleCallback', (run: IdleCallback, options?: { timeout?: number }) => {
    pending.push({ run, timeout: options?.timeout });
    return pending.length;
  });
  const { useIdle } = await import('./hydration');
  function Part({ name }: { name: string }) {
    return <p>{useIdle() ? `${name} idle` : `${name} waiting`}</p>;
  }
  return { pending, Part };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useIdle', () => {
  it('is false until the browser is idle, then true for every part, asking the browser once', async () => {
    const { pending, Part } = await loadWithControlledIdle();
    render(
      <>
        <Part name="toaster" />
        <Part name="feed" />
      </>,
    );
    expect(screen.getByText('toaster waiting')).toBeTruthy();
    expect(screen.getByText('feed waiting')).toBeTruthy();
    expect(pending).toHaveLength(1);
    expect(pending[0]?.timeout).toBe(3000);

    act(() => pending[0]?.run());
    expect(screen.getByText('toaster idle')).toBeTruthy();
    expect(screen.getByText('feed idle')).toBeTruthy();

    // A part mounted later (another page) renders at once and asks nothing more.
    render(<Part name="later" />);
    expect(screen.getByText('later idle')).toBeTruthy();
    expect(pending).toHaveLength(1);
  });

  it('waits a short while where the browser has no idle callback', async () => {
    vi.useFakeTimers();
    try {
      vi.resetModules();
      vi.stubGlobal('requestIdleCallback', undefined);
      const { useIdle } = await import('./hydration');
      function Part() {
        return <p>{useIdle() ? 'idle' : 'waiting'}</p>;
      }
      render(<Part />);
      expect(screen.getByText('waiting')).toBeTruthy();
      act(() => {
        vi.advanceTimersByTime(200);
      });
      expect(screen.getByText('idle')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
