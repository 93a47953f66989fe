import { use, type ComponentType } from 'react';

type PageModule = { default: ComponentType };

export type LazyPage = ComponentType & { preload: () => Promise<ComponentType> };

/**
 * A page whose code loads on first use. Unlike React.lazy it can be preloaded before hydration, so
 * a prerendered page hydrates without flashing the Loading indicator, and it suspends (showing the
 * Suspense fallback) on client-side navigation to a page not yet loaded.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let component: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const preload = () =>
    (pending ??= load().then((m) => {
      component = m.default;
      return m.default;
    }));
  function Page() {
    const Loaded = component ?? use(preload());
    return <Loaded />;
  }
  return Object.assign(Page, { preload });
}
