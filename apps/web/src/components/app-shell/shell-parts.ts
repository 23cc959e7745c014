import { lazyMuiComponent } from '../lazy-mui-component';

// The listener's navigation loads only once someone is logged in: never with the landing page.
export const shellSidebar = lazyMuiComponent(() => import('./sidebar').then((m) => m.Sidebar));
export const shellTabBar = lazyMuiComponent(() => import('./tab-bar').then((m) => m.TabBar));
