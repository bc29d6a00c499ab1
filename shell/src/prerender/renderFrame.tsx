/**
 * Build time only, in Node (run by tools/src/prerender.ts through tsx): the dashboard's frame — skip link, sidebar,
 * top bar and the screen's placeholder with its heading — for each dashboard page, from the components React shows
 * while the stored session is checked (routes/guards.tsx RequireAuth), with their critical CSS. No user is known
 * at build time: the sidebar has no entries and the top bar no shop or name yet; they arrive as new elements in
 * room kept for them, so nothing painted from the HTML moves.
 */
import { createAppStore, setRuntimeConfig, type RuntimeConfig } from '@loyalty/shared';
import { renderToHtml, type RenderedPage } from '@loyalty/shared/prerender';
import { DashboardLayout } from '../features/layout/components/DashboardLayout';
import { ScreenPlaceholder } from '../features/layout/components/ScreenPlaceholder';
import { isDashboardAccess, ROUTES } from '../shared/routeTable';

/** Every page inside the dashboard's frame: the shell's server answers each with its own HTML. */
export const FRAMED_PATHS: readonly string[] = ROUTES.filter((route) => isDashboardAccess(route.access)).map((route) => route.path);

export function renderFrame(path: string, config: Partial<RuntimeConfig> = {}): RenderedPage {
  setRuntimeConfig(config);
  return renderToHtml(
    path,
    <DashboardLayout>
      <ScreenPlaceholder pathname={path} />
    </DashboardLayout>,
    { store: createAppStore() },
  );
}
