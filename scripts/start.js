// `npm start`: builds the web client and the server when their sources changed since the last
// build (scripts/builds.js), then runs the built server in this process. An unchanged checkout
// compiles nothing (docs/performance.md, "npm start").
import { pathToFileURL } from 'node:url';
import { ensureClient, ensureServer, PROJECT_ROOT, serverBuildPaths } from './builds.js';

try {
  ensureClient(PROJECT_ROOT);
  await ensureServer(PROJECT_ROOT);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
// Stack traces go through the bundle's source map to the TypeScript lines, as they did under tsx.
process.setSourceMapsEnabled(true);
// Several server processes (WEB_CONCURRENCY) run the build itself, not this script again.
process.env.HUB_SERVER_ENTRY = serverBuildPaths(PROJECT_ROOT).entry;
await import(pathToFileURL(serverBuildPaths(PROJECT_ROOT).entry).href);
