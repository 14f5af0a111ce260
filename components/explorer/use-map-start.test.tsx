// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_INPUT_SCRIPT } from '@/lib/ui/early-input-script';
import { useMapStart, type MapStartTrigger } from './use-map-start';

/** Drives the hook's two conditions by hand: the idle callback and the box's visibility. */
let idle: (() => void) | undefined;
let intersect: ((visible: boolean) => void) | undefined;
let frames: FrameRequestCallback[] = [];

/** The browser paints its next frame: the frame callbacks run, then the tasks they queued. */
function paint() {
  act(() => {
    for (const frame of frames.splice(0)) frame(0);
    vi.runOnlyPendingTimers();
  });
}

beforeEach(() => {
  idle = undefined;
  intersect = undefined;
  frames = [];
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('requestAnimationFrame', (frame: FrameRequestCallback) => frames.push(frame));
  vi.stubGlobal('cancelAnimationFrame', vi.fn());
  vi.stubGlobal('requestIdleCallback', (run: () => void) => {
    idle = run;
    return 1;
  });
  vi.stubGlobal('cancelIdleCallback', vi.fn());
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {
        intersect = (visible) => this.callback([{ isIntersecting: visible }]);
      }
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function Probe({
  enabled,
  trigger,
  canStart,
}: {
  enabled: boolean;
  trigger?: MapStartTrigger;
  canStart?: () => boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const start = useMapStart(box, enabled, trigger, canStart);
  return <div ref={box} data-testid="box" data-start={start} />;
}

const started = (container: HTMLElement) => container.querySelector('[data-testid="box"]')!.getAttribute('data-start');

describe('useMapStart', () => {
  it('starts the map once the page is idle and the box is visible, not before', () => {
    const { container } = render(<Probe enabled />);
    expect(started(container)).toBe('false');
    act(() => intersect!(true));
    expect(started(container)).toBe('false');
    act(() => idle!());
    expect(started(container)).toBe('true');
  });

  it('waits while the box is off screen', () => {
    const { container } = render(<Probe enabled />);
    act(() => idle!());
    act(() => intersect!(false));
    expect(started(container)).toBe('false');
    act(() => intersect!(true));
    expect(started(container)).toBe('true');
  });

  it('never starts without a map to show (no WebGL)', () => {
    const { container } = render(<Probe enabled={false} />);
    expect(idle).toBeUndefined();
    expect(intersect).toBeUndefined();
    expect(started(container)).toBe('false');
  });

  describe('after the first gesture', () => {
    it('does not start when the page is merely idle', () => {
      const { container } = render(<Probe enabled trigger="gesture" />);
      act(() => intersect!(true));
      expect(idle).toBeUndefined();
      expect(started(container)).toBe('false');
    });

    it.each(['pointerdown', 'pointermove', 'wheel', 'keydown'])(
      'starts on %s, once the frame answering it is painted',
      (type) => {
        const { container } = render(<Probe enabled trigger="gesture" />);
        act(() => intersect!(true));
        act(() => {
          window.dispatchEvent(new Event(type));
        });
        expect(started(container)).toBe('false');
        paint();
        expect(started(container)).toBe('true');
      },
    );

    /** A touch event as the hook reads it: the fingers still on the screen. */
    const touch = (type: string, fingers: number) => Object.assign(new Event(type), { touches: { length: fingers } });
    /** Fingers lift (`touchend`, or `touchcancel` when the browser takes the touch over), leaving `fingers` down. */
    const lift = (fingers: number, type = 'touchend') =>
      act(() => {
        window.dispatchEvent(touch(type, fingers));
      });

    it.each(['touchstart', 'pointerdown'])(
      'on a finger (%s), starts once the last finger has lifted: a swipe moves the drawing first',
      (type) => {
        const { container } = render(<Probe enabled trigger="gesture" />);
        act(() => intersect!(true));
        act(() => {
          window.dispatchEvent(
            type === 'touchstart' ? touch(type, 1) : new PointerEvent(type, { pointerType: 'touch' }),
          );
        });
        paint();
        expect(started(container)).toBe('false');
        // A pinch: one of two fingers lifts.
        lift(1);
        paint();
        expect(started(container)).toBe('false');
        lift(0);
        expect(started(container)).toBe('false');
        paint();
        expect(started(container)).toBe('true');
      },
    );

    it('starts when the browser takes the touch over (touchcancel), as when the finger lifts', () => {
      const { container } = render(<Probe enabled trigger="gesture" />);
      act(() => intersect!(true));
      act(() => {
        window.dispatchEvent(touch('touchstart', 1));
      });
      lift(0, 'touchcancel');
      paint();
      expect(started(container)).toBe('true');
    });

    it('asks whether a WebGL context can be had only when starting, and stays off when it cannot', () => {
      const canStart = vi.fn(() => false);
      const { container } = render(<Probe enabled trigger="gesture" canStart={canStart} />);
      act(() => intersect!(true));
      expect(canStart).not.toHaveBeenCalled();
      act(() => {
        window.dispatchEvent(new Event('pointerdown'));
      });
      paint();
      expect(canStart).toHaveBeenCalledTimes(1);
      expect(started(container)).toBe('false');
    });

    it('waits for the box to be on screen after a gesture', () => {
      const { container } = render(<Probe enabled trigger="gesture" />);
      act(() => {
        window.dispatchEvent(new Event('keydown'));
      });
      paint();
      expect(started(container)).toBe('false');
      act(() => intersect!(true));
      expect(started(container)).toBe('true');
    });

    it('starts at once when the page was touched before it hydrated, and only for that first mount', () => {
      // The page's inline script (app/layout.tsx), as the browser runs it before any of the page's own scripts.
      // happy-dom runs no inline <script>: the text is run as the browser runs it, with nothing in scope.
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the page's own script text, from the module
      (new Function(EARLY_INPUT_SCRIPT) as () => void)();
      expect(window).toHaveProperty('__earlyInput');
      act(() => {
        document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      });
      const first = render(<Probe enabled trigger="gesture" />);
      act(() => intersect!(true));
      paint();
      expect(started(first.container)).toBe('true');
      first.unmount();
      // Back to the explorer later: its map waits for a gesture of its own.
      const again = render(<Probe enabled trigger="gesture" />);
      act(() => intersect!(true));
      paint();
      expect(started(again.container)).toBe('false');
      delete (window as { __earlyInput?: unknown }).__earlyInput;
    });

    it('touched before it hydrated with the finger still on the drawing: starts once it lifts', () => {
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the page's own script text, from the module
      (new Function(EARLY_INPUT_SCRIPT) as () => void)();
      const early = (window as unknown as { __earlyInput: { used: boolean; drawn: { down: number } } }).__earlyInput;
      early.used = true;
      early.drawn.down = 1;
      const { container } = render(<Probe enabled trigger="gesture" />);
      act(() => intersect!(true));
      paint();
      expect(started(container)).toBe('false');
      lift(0);
      paint();
      expect(started(container)).toBe('true');
      delete (window as { __earlyInput?: unknown }).__earlyInput;
    });

    it('ignores gestures without a map to show (no WebGL)', () => {
      const { container } = render(<Probe enabled={false} trigger="gesture" />);
      act(() => {
        window.dispatchEvent(new Event('pointerdown'));
      });
      paint();
      expect(started(container)).toBe('false');
    });
  });
});
