import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Slide from '@mui/material/Slide';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  ToastContext,
  type ToastApi,
  type ToastOptions,
  type ToastPosition,
  type ToastSeverity,
} from './toast-context';

export const MAX_TOASTS = 3;
export const DEFAULT_TOAST_DURATION = 5000;

interface Toast {
  id: number;
  message: string;
  severity: ToastSeverity;
  autoHideDuration: number | null;
  position: ToastPosition;
  key: string | undefined;
  open: boolean;
}

const POSITIONS: ToastPosition[] = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];

function ToastItem({
  toast,
  onClose,
  onExited,
}: {
  toast: Toast;
  onClose: (id: number) => void;
  onExited: (id: number) => void;
}) {
  const [paused, setPaused] = useState(false);
  const { id, autoHideDuration, open } = toast;

  useEffect(() => {
    if (!open || paused || autoHideDuration === null) return;
    const timer = window.setTimeout(() => onClose(id), autoHideDuration);
    return () => window.clearTimeout(timer);
  }, [id, open, paused, autoHideDuration, onClose]);

  return (
    <Slide
      in={open}
      appear
      direction={toast.position.endsWith('right') ? 'left' : 'right'}
      onExited={() => onExited(id)}
    >
      <Alert
        role={toast.severity === 'error' ? 'alert' : 'status'}
        variant="filled"
        severity={toast.severity}
        onClose={() => onClose(id)}
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
        sx={{ pointerEvents: 'auto', boxShadow: 6, alignItems: 'center', minWidth: 280 }}
      >
        {toast.message}
      </Alert>
    </Slide>
  );
}

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
        open: true,
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
      {POSITIONS.map((position) => {
        const stack = toasts.filter((t) => t.position === position);
        if (stack.length === 0) return null;
        const [vertical, horizontal] = position.split('-') as ['top' | 'bottom', 'left' | 'right'];
        return (
          <Box
            key={position}
            sx={{
              position: 'fixed',
              zIndex: (theme) => theme.zIndex.snackbar,
              // Bottom toasts stay above the fixed player bar (it sets this variable).
              [vertical]:
                vertical === 'bottom'
                  ? {
                      xs: 'calc(var(--cadenza-player-offset, 0px) + 16px)',
                      sm: 'calc(var(--cadenza-player-offset, 0px) + 24px)',
                    }
                  : { xs: 16, sm: 24 },
              left: { xs: 16, sm: horizontal === 'left' ? 24 : 'auto' },
              right: { xs: 16, sm: horizontal === 'right' ? 24 : 'auto' },
              display: 'flex',
              // The newest toast sits nearest the screen edge.
              flexDirection: vertical === 'bottom' ? 'column' : 'column-reverse',
              alignItems: { xs: 'stretch', sm: horizontal === 'right' ? 'flex-end' : 'flex-start' },
              gap: 1.5,
              maxWidth: { sm: 420 },
              pointerEvents: 'none',
            }}
          >
            {stack.map((toast) => (
              <ToastItem key={toast.id} toast={toast} onClose={close} onExited={remove} />
            ))}
          </Box>
        );
      })}
    </ToastContext>
  );
}
