import { ActionMenu, type MenuAction } from '@/components/action-menu';
import type { ContextMenuState } from './use-context-menu';

/**
 * An item's context menu, at the pointer: the same actions as its "…" menu. Rendered once it
 * has opened (a grid of cards would otherwise build a popover per card for nothing).
 */
export function ContextMenu({
  menu,
  actions,
}: {
  menu: ContextMenuState;
  actions: readonly MenuAction[];
}) {
  if (!menu.opened || actions.length === 0) return null;
  return (
    <ActionMenu
      actions={actions}
      open={menu.position !== null}
      anchorPosition={menu.position}
      onClose={menu.close}
    />
  );
}
