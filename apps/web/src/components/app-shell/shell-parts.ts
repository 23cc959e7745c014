import { lazyComponent } from '@/lib/lazy-component';

// The listener's navigation loads only once someone is logged in: never with the landing page.
export const shellSidebar = lazyComponent(() => import('./sidebar').then((m) => m.Sidebar));
export const shellTabBar = lazyComponent(() => import('./tab-bar').then((m) => m.TabBar));
