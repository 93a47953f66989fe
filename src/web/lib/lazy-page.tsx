import { use, type ComponentType } from 'react';

type PageModule = {
  default: ComponentType;
  /** Loads what the page shows at `path` beyond its own code (one help article), before it hydrates. */
  preloadContent?: (path: string) => Promise<void>;
};

export type LazyPage = ComponentType & { preload: (path?: string) => Promise<ComponentType> };

/**
 * A page whose code loads on first use. Unlike React.lazy it can be preloaded before hydration, so
 * a prerendered page hydrates without flashing the Loading indicator (given its path, it also
 * preloads the content the page module names, such as one help article), and it suspends (showing the
 * Suspense fallback) on client-side navigation to a page not yet loaded.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let component: ComponentType | undefined;
  let pending: Promise<PageModule> | undefined;
  const loadModule = () =>
    (pending ??= load().then((m) => {
      component = m.default;
      return m;
    }));
  const preload = async (path?: string) => {
    const m = await loadModule();
    if (path !== undefined) await m.preloadContent?.(path);
    return m.default;
  };
  function Page() {
    const Loaded = component ?? use(loadModule()).default;
    return <Loaded />;
  }
  return Object.assign(Page, { preload });
}
