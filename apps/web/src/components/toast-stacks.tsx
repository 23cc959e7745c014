import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Slide from '@mui/material/Slide';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { BOTTOM_RESERVED } from '@/lib/bottom-lanes';
import type { ToastAction, ToastPosition, ToastSeverity } from './toast-context';
import { chooseToastEdge, keptClearAreas, type Area, type ToastEdge } from './toast-placement';

export interface Toast {
  id: number;
  message: string;
  severity: ToastSeverity;
  autoHideDuration: number | null;
  position: ToastPosition;
  key: string | undefined;
  action: ToastAction | undefined;
  open: boolean;
  /**
   * The control the listener last acted on when the toast was shown, and where it was then: the
   * toast keeps clear of it, and of where it was should it go (a dialog's button as it closes).
   */
  origin: Element | null;
  originArea: Area | null;
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
  const { id, autoHideDuration, open, action } = toast;

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
        // With an action, the close button is drawn here too: `action` replaces Alert's own.
        action={
          action && (
            <>
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  onClose(id);
                  action.onClick();
                }}
              >
                {action.label}
              </Button>
              <IconButton
                color="inherit"
                size="small"
                aria-label="Close"
                title="Close"
                onClick={() => onClose(id)}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </>
          )
        }
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

const TOP_LINE = { xs: 72, md: 80 };
const EDGE_GAP = { xs: 16, sm: 24 };

/**
 * Fires when the page may have moved under the toasts: a dialog or menu opening or closing
 * (they are added to the body), the window resizing, the page scrolling.
 */
function useLayoutChanges(active: boolean): number {
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    if (!active) return;
    const bump = () => setChanges((count) => count + 1);
    const observer = new MutationObserver(bump);
    observer.observe(document.body, { childList: true });
    window.addEventListener('resize', bump);
    window.addEventListener('scroll', bump, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', bump);
      window.removeEventListener('scroll', bump);
    };
  }, [active]);
  return changes;
}

/**
 * One corner's stack. A bottom stack sits above the bottom bars; should it lie over the control
 * that produced one of its toasts, an open dialog's buttons or a floating bar, it moves to the top, below
 * the header (docs/decisions/040-overlays.md).
 */
function ToastStack({
  position,
  toasts,
  children,
}: {
  position: ToastPosition;
  toasts: Toast[];
  children: ReactNode;
}) {
  const [vertical, horizontal] = position.split('-') as [ToastEdge, 'left' | 'right'];
  const [edge, setEdge] = useState<ToastEdge>(vertical);
  const stackRef = useRef<HTMLDivElement>(null);
  const bottomProbe = useRef<HTMLDivElement>(null);
  const topProbe = useRef<HTMLDivElement>(null);
  const changes = useLayoutChanges(vertical === 'bottom');

  useLayoutEffect(() => {
    const stack = stackRef.current;
    if (vertical !== 'bottom' || !stack || !bottomProbe.current || !topProbe.current) return;
    const box = stack.getBoundingClientRect();
    const avoid = [
      ...toasts.flatMap((toast) => {
        if (!toast.open) return [];
        if (toast.origin?.isConnected) return [toast.origin.getBoundingClientRect()];
        return toast.originArea ? [toast.originArea] : [];
      }),
      ...keptClearAreas(),
    ];
    setEdge(
      chooseToastEdge({
        left: box.left,
        right: box.right,
        height: box.height,
        bottomLine: bottomProbe.current.getBoundingClientRect().top,
        topLine: topProbe.current.getBoundingClientRect().top,
        avoid,
      }),
    );
  }, [vertical, toasts, changes]);

  const bottomOffset = {
    xs: `calc(${BOTTOM_RESERVED} + ${EDGE_GAP.xs}px)`,
    sm: `calc(${BOTTOM_RESERVED} + ${EDGE_GAP.sm}px)`,
  };
  const probe = { position: 'fixed', width: 0, height: 0, left: 0, pointerEvents: 'none' } as const;

  return (
    <>
      {vertical === 'bottom' && (
        <>
          <Box ref={bottomProbe} aria-hidden sx={{ ...probe, bottom: bottomOffset }} />
          <Box ref={topProbe} aria-hidden sx={{ ...probe, top: TOP_LINE }} />
        </>
      )}
      <Box
        ref={stackRef}
        data-toast-edge={edge}
        sx={{
          position: 'fixed',
          zIndex: (theme) => theme.zIndex.snackbar,
          // Bottom toasts stay above the bottom bars; moved to the top, below
          // the header.
          ...(edge === 'bottom'
            ? { bottom: bottomOffset }
            : { top: vertical === 'top' ? EDGE_GAP : TOP_LINE }),
          left: { xs: EDGE_GAP.xs, sm: horizontal === 'left' ? EDGE_GAP.sm : 'auto' },
          right: { xs: EDGE_GAP.xs, sm: horizontal === 'right' ? EDGE_GAP.sm : 'auto' },
          display: 'flex',
          // The newest toast sits nearest the screen edge.
          flexDirection: edge === 'bottom' ? 'column' : 'column-reverse',
          alignItems: { xs: 'stretch', sm: horizontal === 'right' ? 'flex-end' : 'flex-start' },
          gap: 1.5,
          maxWidth: { sm: 420 },
          pointerEvents: 'none',
        }}
      >
        {children}
      </Box>
    </>
  );
}

/**
 * The toasts on screen, in their corners: drawn with MUI, so this module loads with the first
 * toast (toast-provider.tsx), not with the page.
 */
export function ToastStacks({
  toasts,
  onClose,
  onExited,
}: {
  toasts: Toast[];
  onClose: (id: number) => void;
  onExited: (id: number) => void;
}) {
  return POSITIONS.map((position) => {
    const stack = toasts.filter((t) => t.position === position);
    if (stack.length === 0) return null;
    return (
      <ToastStack key={position} position={position} toasts={stack}>
        {stack.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onClose={onClose} onExited={onExited} />
        ))}
      </ToastStack>
    );
  });
}
