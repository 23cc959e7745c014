import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { lazyMuiComponent } from './lazy-mui-component';
import {
  ToastContext,
  type ToastApi,
  type ToastOptions,
  type ToastPosition,
} from './toast-context';
import { controlOf } from './toast-placement';
import type { Toast } from './toast-stacks';

export const MAX_TOASTS = 3;
export const DEFAULT_TOAST_DURATION = 5000;

/** The toasts' UI (MUI's Alert and Slide) loads with the first toast, not with the page. */
export const toastStacks = lazyMuiComponent(() =>
  import('./toast-stacks').then((m) => m.ToastStacks),
);

/** The app's one toast system: at most three stacked, each hides itself after 5 s by default. */
export function ToastProvider({
  children,
  defaultPosition = 'bottom-right',
}: {
  children: ReactNode;
  defaultPosition?: ToastPosition;
}) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const lastControl = useRef<Element | null>(null);

  // What the listener acts on last is where a toast that follows comes from.
  useEffect(() => {
    const note = (event: Event) => (lastControl.current = controlOf(event.target));
    document.addEventListener('pointerdown', note, true);
    document.addEventListener('keydown', note, true);
    return () => {
      document.removeEventListener('pointerdown', note, true);
      document.removeEventListener('keydown', note, true);
    };
  }, []);

  const close = useCallback((id: number) => {
    setToasts((current) => current.map((t) => (t.id === id ? { ...t, open: false } : t)));
  }, []);

  const closeByKey = useCallback((key: string) => {
    setToasts((current) => current.map((t) => (t.key === key ? { ...t, open: false } : t)));
  }, []);

  const remove = useCallback((id: number) => {
    setToasts((current) => current.filter((t) => t.id !== id));
  }, []);

  const show = useCallback(
    (message: string, options: ToastOptions = {}) => {
      const id = nextId.current++;
      const origin = lastControl.current?.isConnected ? lastControl.current : undefined;
      const toast: Toast = {
        id,
        message,
        severity: options.severity ?? 'info',
        autoHideDuration:
          options.autoHideDuration === undefined
            ? DEFAULT_TOAST_DURATION
            : options.autoHideDuration,
        position: options.position ?? defaultPosition,
        key: options.key,
        action: options.action,
        open: true,
        origin: origin ?? null,
        originArea: origin?.getBoundingClientRect() ?? null,
      };
      // The oldest toasts, and one with the same key, give way at once so that no more than
      // three are ever on screen and a repeated message never stacks.
      setToasts((current) =>
        [
          ...current.filter((t) => t.open && (toast.key === undefined || t.key !== toast.key)),
          toast,
        ].slice(-MAX_TOASTS),
      );
      return id;
    },
    [defaultPosition],
  );

  const api = useMemo<ToastApi>(
    () => ({
      show,
      close,
      closeByKey,
      success: (message, options) => show(message, { ...options, severity: 'success' }),
      info: (message, options) => show(message, { ...options, severity: 'info' }),
      warning: (message, options) => show(message, { ...options, severity: 'warning' }),
      error: (message, options) => show(message, { ...options, severity: 'error' }),
    }),
    [show, close, closeByKey],
  );

  return (
    <ToastContext value={api}>
      {children}
      {toasts.length > 0 && (
        <Suspense fallback={null}>
          <toastStacks.Component toasts={toasts} onClose={close} onExited={remove} />
        </Suspense>
      )}
    </ToastContext>
  );
}
