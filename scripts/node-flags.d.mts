/** The server's Node flags (node-flags.mjs). */
export function serverNodeFlags(): string[];
