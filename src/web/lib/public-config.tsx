import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_PUBLIC_CONFIG, type PublicConfig } from '../../core/config/operator';

export const PUBLIC_CONFIG_ELEMENT_ID = 'edgebook-config';

const PublicConfigContext = createContext<PublicConfig>(DEFAULT_PUBLIC_CONFIG);

export function PublicConfigProvider({ value, children }: { value: PublicConfig; children: ReactNode }) {
  return <PublicConfigContext.Provider value={value}>{children}</PublicConfigContext.Provider>;
}

/** Brand, support e-mail and the other operator values: one source for every page. */
export function usePublicConfig(): PublicConfig {
  return useContext(PublicConfigContext);
}

/** The config the server embedded in the page as a JSON data block (not a script: CSP allows it). */
export function readEmbeddedPublicConfig(): PublicConfig {
  const el = document.getElementById(PUBLIC_CONFIG_ELEMENT_ID);
  if (!el?.textContent) return DEFAULT_PUBLIC_CONFIG;
  try {
    return { ...DEFAULT_PUBLIC_CONFIG, ...(JSON.parse(el.textContent) as Partial<PublicConfig>) };
  } catch {
    return DEFAULT_PUBLIC_CONFIG;
  }
}
