import { use, useEffect, useState, type ComponentType, type ReactNode } from 'react';

type PageModule = {
  default: ComponentType;
  /** Loads what the page shows at `path` beyond its own code (one help article), before it hydrates. */
  preloadContent?: (path: string) => Promise<void>;
};

export type LazyPage = ComponentType & {
  preload: (path?: string) => Promise<ComponentType>;
  /** True once the page renders without suspending. */
  isLoaded: () => boolean;
};

/**
 * A page whose code loads on first use. Unlike React.lazy it can be preloaded before hydration, so
 * a prerendered page hydrates without flashing the Loading indicator (given its path, it also
 * preloads the content the page module names, such as one help article), and it suspends (showing the
 * Suspense fallback) on client-side navigation to a page not yet loaded, until its code and its
 * content for the current path are in.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let component: ComponentType | undefined;
  let pending: Promise<PageModule> | undefined;
  const loadModule = () => (pending ??= load());
  /** The module once it and its content at `path` are in; from then on the page renders without suspending. */
  const loadWithContent = async (path?: string) => {
    const m = await loadModule();
    if (path !== undefined) await m.preloadContent?.(path);
    component ??= m.default;
    return m;
  };
  const preload = async (path?: string) => (await loadWithContent(path)).default;
  // The first load also waits for what the page shows at the current path (the app's own page
  // code, say): revealing it in one go, rather than a nested Suspense fallback that React then
  // holds on screen for at least 300 ms.
  let firstLoad: Promise<PageModule> | undefined;
  function Page() {
    const path = typeof window === 'undefined' ? undefined : window.location.pathname; // prerendering: no path
    const Loaded = component ?? use((firstLoad ??= loadWithContent(path))).default;
    return <Loaded />;
  }
  return Object.assign(Page, { preload, isLoaded: () => component !== undefined });
}

/**
 * The page once its code and its content at the current path are in, `fallback` until then,
 * without suspending: after a Suspense fallback has shown, React holds the content back for at
 * least 300 ms, which on the app's first screen is a third of its time budget.
 */
export function WhenLoaded({ page: Page, fallback }: { page: LazyPage; fallback: ReactNode }) {
  const [isLoaded, setIsLoaded] = useState(() => Page.isLoaded());
  useEffect(() => {
    if (isLoaded) return;
    let isCurrent = true;
    // A failed load renders the page anyway: it suspends on the failure and its error boundary shows it.
    const done = () => isCurrent && setIsLoaded(true);
    void Page.preload(window.location.pathname).then(done, done);
    return () => {
      isCurrent = false;
    };
  }, [Page, isLoaded]);
  return isLoaded ? <Page /> : fallback;
}
