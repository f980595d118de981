// Types of scripts/builds.js (plain JavaScript: `npm start` checks its stamps without a TypeScript loader).

/** A hash of the files' paths (relative to root) and contents; a missing file hashes as such. */
export function inputsHash(root: string, files: readonly string[]): string;
/** Builds dist/ with Vite unless its stamp matches the client's sources. Answers whether it built. */
export function ensureClient(root: string): boolean;
/** Where the built server is: its folder, its entry module and its stamp. */
export function serverBuildPaths(root: string): { folder: string; entry: string; stamp: string };
/** Whether dist-server/ is older than its sources (or missing). */
export function serverIsStale(root: string): boolean;
/** Bundles `entry` (relative to root) into `folder`/main.js, removing other files there but `keep`; answers the project's modules bundled. */
export function bundleServer(root: string, entry: string, folder: string, keep?: readonly string[]): Promise<string[]>;
/** Bundles `entry` (default server/main.ts, relative to root) into dist-server/main.js and stamps it. */
export function buildServer(root: string, entry?: string): Promise<void>;
/** Builds the server unless dist-server/ is up to date. Answers whether it built. */
export function ensureServer(root: string): Promise<boolean>;
/** The project root. */
export const PROJECT_ROOT: string;
