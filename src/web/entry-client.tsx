import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, isSignedInPath } from './app';
import { createQueryClient } from './lib/api';
import { readEmbeddedPublicConfig } from './lib/public-config';
import { resolvePageHead } from './lib/page-head';
import { loadAdConversionTag } from './lib/ad-conversion';
import { disableOfflineCaches } from './lib/offline';
import { LandingPage, matchesPattern, NotFoundPage, PUBLIC_ROUTES, SignedInApp } from './routes';
import './styles/app.css';

disableOfflineCaches();

const config = readEmbeddedPublicConfig();
const root = document.getElementById('root')!; // index.html always has #root
const path = window.location.pathname.replace(/\/+$/, '') || '/';
const app = (
  <StrictMode>
    <App config={config} queryClient={createQueryClient()} />
  </StrictMode>
);

async function start() {
  if (root.firstElementChild) {
    // A prerendered page: load its code first so hydration matches the server's HTML exactly.
    const route = PUBLIC_ROUTES.find((r) => matchesPattern(r.path, path));
    await (path === '/' ? LandingPage : (route?.page ?? NotFoundPage)).preload(path);
    hydrateRoot(root, app);
  } else {
    // A signed-in page: the app's code and the page's start loading now, alongside the check of
    // who is signed in, rather than after it.
    if (isSignedInPath(path)) void SignedInApp.preload(path).catch(() => {});
    createRoot(root).render(app);
  }
}

void start();

window.addEventListener('load', () => loadAdConversionTag(config, resolvePageHead(path, config).page.kind));
