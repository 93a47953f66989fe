import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import type { PublicConfig } from '../core/config/operator';
import { App } from './app';
import { createQueryClient } from './lib/api';

export { resolvePageHead, toHeadHtml } from './lib/page-head';

/** Renders a path to HTML, waiting for its lazily loaded page (used only at build time). */
export async function renderPage(path: string, config: PublicConfig): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App config={config} queryClient={createQueryClient()} ssrPath={path} />
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
