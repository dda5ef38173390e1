import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

/** Plain React on purpose: the shell and public pages must never pull in antd. */
export type ToastVariant = 'default' | 'destructive' | 'info';
export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}
interface ToastItem extends Required<Pick<ToastInput, 'title' | 'variant'>> {
  id: number;
  description?: string;
}

export const TOAST_DURATION_MS = 5000;
const SWIPE_DISMISS_PX = 50;

// One toast visible at a time, so the store holds at most one.
let current: ToastItem | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
/** While a staff screen is shown, its antd notifications show the toasts instead (claimToasts). */
let claims = 0;

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function getSnapshot() {
  return current;
}

/** The toast on screen and whether a staff screen shows it, for a renderer of its own. */
export function useToastStore(): { item: ToastItem | null; claimed: boolean } {
  const item = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const claimed = useSyncExternalStore(subscribe, getClaimed, getUnclaimed);
  return { item, claimed };
}
const getClaimed = () => claims > 0;
const getUnclaimed = () => false;

/**
 * A staff screen shows the toasts itself (antd's notification) while it is mounted; the plain
 * Toaster below stands aside. Returns the release.
 */
export function claimToasts(): () => void {
  claims += 1;
  emit();
  return () => {
    claims -= 1;
    emit();
  };
}

export type { ToastItem };

/** Shows a toast; a new toast replaces the one on screen. Callable from anywhere. */
export function toast(t: ToastInput): void {
  current = {
    id: nextId++,
    title: t.title,
    description: t.description,
    variant: t.variant ?? 'default',
  };
  emit();
}

export function dismissToast(id?: number): void {
  if (current && (id === undefined || current.id === id)) {
    current = null;
    emit();
  }
}

export function Toaster() {
  const { item, claimed } = useToastStore();
  const regionRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') {
        e.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div
      ref={regionRef}
      className="toast-region"
      role="region"
      aria-label="Notifications (F8)"
      aria-live="polite"
      tabIndex={-1}
    >
      {item && !claimed && <ToastView key={item.id} item={item} />}
    </div>
  );
}

function ToastView({ item }: { item: ToastItem }) {
  const [dragX, setDragX] = useState(0);
  const startX = useRef<number | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => dismissToast(item.id), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [item.id]);

  const onPointerDown = (e: React.PointerEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest('button')) return;
    startX.current = e.clientX;
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: React.PointerEvent<HTMLDivElement>) => {
    if (startX.current === null) return;
    setDragX(Math.max(0, e.clientX - startX.current));
  };
  const onPointerUp = (e: React.PointerEvent<HTMLDivElement>) => {
    if (startX.current === null) return;
    const moved = e.clientX - startX.current;
    startX.current = null;
    if (moved >= SWIPE_DISMISS_PX) dismissToast(item.id);
    else setDragX(0);
  };

  return (
    <div
      className={`toast toast-${item.variant}`}
      role={item.variant === 'destructive' ? 'alert' : 'status'}
      aria-atomic="true"
      data-variant={item.variant}
      style={
        dragX
          ? { transform: `translateX(${dragX}px)`, opacity: Math.max(0.2, 1 - dragX / 150) }
          : undefined
      }
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        startX.current = null;
        setDragX(0);
      }}
    >
      <div className="toast-body">
        <div className="toast-title">{item.title}</div>
        {item.description && <div className="toast-description">{item.description}</div>}
      </div>
      <button
        type="button"
        className="toast-close"
        aria-label="Dismiss notification"
        onClick={() => dismissToast(item.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
