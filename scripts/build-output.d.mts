/** Builds of the web app behind DIST_DIR (build-output.mjs). */
export type BuildParams = {
  distDir: string;
  digest: string;
  build: (dir: string) => void | Promise<void>;
  isForced?: boolean;
  log?: (message: string) => void;
};
export function toDistDir(env?: NodeJS.ProcessEnv): string;
export function toBuildsDir(distDir: string): string;
export function hashBuildInputs(env?: NodeJS.ProcessEnv): string;
export function withBuildLock<T>(
  buildsDir: string,
  fn: () => T | Promise<T>,
  options?: { pollMs?: number; onWait?: () => void },
): Promise<T>;
export function findBuild(buildsDir: string, digest: string): string | null;
export function readLinkedBuild(distDir: string): string | null;
export function linkBuild(distDir: string, buildDir: string): void;
export function makeBuild(params: Pick<BuildParams, 'digest' | 'build'> & { buildsDir: string }): Promise<string>;
export function pruneBuilds(distDir: string, options?: { keep?: number }): void;
export function ensureBuild(params: BuildParams): Promise<string>;
