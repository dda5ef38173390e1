// What jsdom lacks and antd (or React's scheduler) reaches for, for the few web tests that run in
// a DOM (`@jest-environment jsdom`). Import it first: the libraries look these up as they load.
import { TextDecoder, TextEncoder } from 'node:util';

// A port pair that delivers on the next macrotask, as the browser's does.
class TimerMessageChannel {
  port1: { onmessage: ((event: { data: unknown }) => void) | null; close(): void } = {
    onmessage: null,
    close: () => undefined,
  };
  port2 = {
    onmessage: null,
    postMessage: (data: unknown) => {
      setTimeout(() => this.port1.onmessage?.({ data }), 0);
    },
    close: () => undefined,
  };
}

// antd's dialogs driven key by key take 3-7 s a test in jsdom on two cores, more on a slow day:
// the default 5 s made them fail by the clock, not by what they check.
jest.setTimeout(30_000);

const scope = globalThis as unknown as Record<string, unknown>;
scope.MessageChannel ??= TimerMessageChannel;
// react-router reads them as it loads.
scope.TextEncoder ??= TextEncoder;
scope.TextDecoder ??= TextDecoder;
// The picker's popup measures itself; nothing is laid out here, so nothing ever resizes.
scope.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

if (typeof window !== 'undefined') {
  // antd reads the viewport's breakpoints.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  // jsdom has no pseudo-elements: antd asks for a scrollbar's and gets the element's own.
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computed(element);
}
