import { createContext, useContext } from 'react';

export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';
export type ToastPosition = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';

export interface ToastOptions {
  severity?: ToastSeverity;
  /** Milliseconds before the toast hides itself; null keeps it until closed. */
  autoHideDuration?: number | null;
  position?: ToastPosition;
  /**
   * Identifies a toast that must not stack: showing another toast with the same key replaces
   * the one still on screen instead of adding a second.
   */
  key?: string;
  /** A button beside the message (Reload, Undo): clicking it runs `onClick` and closes the toast. */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastApi {
  /** Shows a toast and returns its id. */
  show: (message: string, options?: ToastOptions) => number;
  success: (message: string, options?: Omit<ToastOptions, 'severity'>) => number;
  info: (message: string, options?: Omit<ToastOptions, 'severity'>) => number;
  warning: (message: string, options?: Omit<ToastOptions, 'severity'>) => number;
  error: (message: string, options?: Omit<ToastOptions, 'severity'>) => number;
  /** Hides the toast with this id; does nothing if it is already gone. */
  close: (id: number) => void;
  /** Hides the toast shown with this `key`, if one is on screen. */
  closeByKey: (key: string) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
