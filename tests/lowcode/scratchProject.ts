import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMap, isSeq, parseDocument, type Document } from 'yaml';

export const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const COPIED = [
  'spec',
  'generator',
  'server',
  'runtime',
  'screens',
  'shared',
  'scripts',
  'seeds',
  'bin',
  'public',
  'index.html',
  'package.json',
  'tsconfig.json',
  'vite.config.ts',
];

/**
 * A copy of the project in a scratch folder, where a test can edit the spec as a product owner
 * would, run `hub generate`, build and start the portal: the proof that a spec edit reaches the
 * database, the API and the screen with no hand-written line.
 */
export class ScratchProject {
  readonly root = mkdtempSync(join(tmpdir(), 'hub-lowcode-'));
  private server: ChildProcess | undefined;

  constructor() {
    for (const entry of COPIED) cpSync(join(PROJECT_ROOT, entry), join(this.root, entry), { recursive: true });
    symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(this.root, 'node_modules'));
  }

  /** Every spec file as an editable YAML document (comments and layout kept). */
  specDocuments(): Map<string, Document> {
    const documents = new Map<string, Document>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(join(this.root, dir), { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.ya?ml$/.test(entry.name)) documents.set(path, parseDocument(readFileSync(join(this.root, path), 'utf8')));
      }
    };
    walk('spec');
    return documents;
  }

  /** The file and document defining a top-level keyed section entry (entities.organisation, …). */
  find(section: string, key: string): { path: string; document: Document } {
    for (const [path, document] of this.specDocuments()) {
      if (document.hasIn([section, key])) return { path, document };
    }
    throw new Error(`no ${section}.${key} in the spec`);
  }

  /** Edits one spec entry in place and writes its file back. */
  edit(section: string, key: string, change: (document: Document, base: string[]) => void): void {
    const { path, document } = this.find(section, key);
    change(document, [section, key]);
    writeFileSync(join(this.root, path), document.toString());
  }

  /**
   * Adds a message to every locale's catalogue (each must have every key), in the file of each
   * locale that holds `nextTo`: `texts` gives the words per locale (`{ en: 'Sales channel', … }`).
   */
  addMessage(nextTo: string, key: string, texts: Record<string, string>): void {
    const documents = this.specDocuments();
    for (const [locale, text] of Object.entries(texts)) {
      const folder = join('spec', 'messages', locale);
      const inLocale = [...documents].filter(([path]) => path.startsWith(`${folder}.`) || path.startsWith(`${folder}/`));
      const found = inLocale.find(([, document]) => document.hasIn(['messages', nextTo]));
      if (!found) throw new Error(`no message ${nextTo} in the ${locale} catalogue`);
      const [path, document] = found;
      document.setIn(['messages', key], text);
      writeFileSync(join(this.root, path), document.toString());
    }
  }

  /** Appends an item to a list inside a spec entry (columns, filters, fields). */
  appendTo(section: string, key: string, listPath: string[], item: unknown): void {
    this.edit(section, key, (document, base) => {
      const list = document.getIn([...base, ...listPath], true);
      if (!isSeq(list)) throw new Error(`${[section, key, ...listPath].join('.')} is not a list`);
      list.add(document.createNode(item));
    });
  }

  setIn(section: string, key: string, path: string[], value: unknown): void {
    this.edit(section, key, (document, base) => {
      const parent = document.getIn([...base, ...path.slice(0, -1)], true);
      if (parent !== undefined && !isMap(parent)) throw new Error(`${path.join('.')} has no map parent`);
      document.setIn([...base, ...path], document.createNode(value));
    });
  }

  deleteIn(section: string, key: string, path: string[]): void {
    this.edit(section, key, (document, base) => {
      document.deleteIn([...base, ...path]);
    });
  }

  /** `hub generate` in the scratch copy; returns its output, throws with it on failure. */
  generate(): string {
    try {
      return execFileSync(process.execPath, [join(this.root, 'bin/hub.js'), 'generate'], {
        cwd: this.root,
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (error) {
      const failure = error as { stdout?: string; stderr?: string };
      throw new Error(`${failure.stdout ?? ''}${failure.stderr ?? ''}`, { cause: error });
    }
  }

  migrate(databaseUrl: string): string {
    return execFileSync(process.execPath, [join(this.root, 'bin/hub.js'), 'migrate'], {
      cwd: this.root,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
  }

  newMigrations(): string[] {
    const landed = new Set(readdirSync(join(PROJECT_ROOT, 'server/migrations')));
    return readdirSync(join(this.root, 'server/migrations')).filter((name) => !landed.has(name));
  }

  readFile(path: string): string {
    return readFileSync(join(this.root, path), 'utf8');
  }

  /**
   * Builds the web client and starts the portal on a port the system picks (a fixed one could be
   * another portal's, whose /healthz would answer for this one); resolves with it once /healthz
   * answers. tsx is loaded into the server's own process, so SIGTERM reaches its handler.
   */
  async start(databaseUrl: string): Promise<number> {
    execFileSync(process.execPath, [join(this.root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], {
      cwd: this.root,
      stdio: 'pipe',
    });
    this.server = spawn(process.execPath, ['--import', 'tsx', join(this.root, 'server/main.ts')], {
      cwd: this.root,
      env: { ...process.env, PORT: '0', DATABASE_URL: databaseUrl },
      stdio: 'pipe',
    });
    let output = '';
    this.server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    this.server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    for (let attempt = 0; attempt < 240; attempt++) {
      const port = /running at http:\/\/[^:]+:(\d+)/.exec(output)?.[1];
      try {
        if (port && (await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return Number(port);
      } catch {
        // not listening yet
      }
      if (this.server.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`the scratch portal did not start:\n${output}`);
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server || server.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
  }

  remove(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}
