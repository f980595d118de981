import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  type WriteStream,
} from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { FileSystem, FtpSrv, type FtpConnection } from 'ftp-srv';
import ssh2 from 'ssh2';

/** The test certificate for FTPS on loopback (CN localhost, IP 127.0.0.1), valid for a century. */
export const TEST_CERT_PATH = fileURLToPath(new URL('./tls/feedTest.crt', import.meta.url));
const TEST_KEY_PATH = fileURLToPath(new URL('./tls/feedTest.key', import.meta.url));

/** How a loopback server misbehaves, to test that a delivery fails clearly and leaves no file. */
export type Misbehaviour = 'none' | 'drop-mid-transfer' | 'disk-full';

export interface FileServerUnderTest {
  port: number;
  user: string;
  password: string;
  /** The folder the server stores uploads in. */
  root: string;
  /** Names of the files it now holds. */
  files(): string[];
  read(name: string): Buffer;
  misbehave(how: Misbehaviour): void;
  close(): Promise<void>;
}

const USER = 'feeds';
const PASSWORD = 'feed-secret';
/** Bytes a misbehaving server takes before it drops the connection. */
const DROP_AFTER = 64;

function files(root: string): string[] {
  return readdirSync(root).sort();
}

// ftp-srv logs through bunyan by default: a quiet logger keeps test output readable.
const quiet: Record<string, unknown> = {};
for (const level of ['trace', 'debug', 'info', 'warn', 'error', 'fatal']) quiet[level] = () => undefined;
quiet['child'] = () => quiet;

/**
 * A write stream that writes the first bytes to the file (as a real server would have them on
 * disk) and then drops the connection.
 */
function misbehavingStream(file: Writable, onDrop: () => void): Writable {
  let taken = 0;
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      const room = Math.max(0, DROP_AFTER - taken);
      taken += chunk.length;
      if (room > 0) file.write(chunk.subarray(0, room));
      if (taken > DROP_AFTER) {
        file.end();
        onDrop();
      }
      done();
    },
  });
}

/**
 * An FTP server (ftp-srv) on loopback storing uploads in a temporary folder: plain, FTPS with
 * explicit TLS (AUTH TLS), or implicit TLS (TLS from the first byte), with the test certificate.
 */
export async function startFtpServer(tls: 'none' | 'explicit' | 'implicit' = 'none'): Promise<FileServerUnderTest> {
  const root = await mkdtemp(join(tmpdir(), 'hub-ftp-'));
  let how: Misbehaviour = 'none';
  const secure = tls === 'none' ? false : { key: readFileSync(TEST_KEY_PATH), cert: readFileSync(TEST_CERT_PATH) };
  const server = new FtpSrv({
    url: `${tls === 'implicit' ? 'ftps' : 'ftp'}://127.0.0.1:0`,
    pasv_url: '127.0.0.1',
    tls: secure,
    log: quiet,
    greeting: 'loopback',
  });
  class Misbehaving extends FileSystem {
    override write(fileName: string, options?: { append?: boolean; start?: unknown }): unknown {
      // A full disk refuses the upload as it opens (550 with the system's words) before a byte
      // moves: failing mid-stream raced the data socket's close against the reply, and a loaded
      // machine saw only the reset (CI flake: feed_transfer_failed for feed_disk_full).
      if (how === 'disk-full') throw new Error('ENOSPC: no space left on device');
      const real = super.write(fileName, options) as { stream: Writable; clientPath: string };
      if (how === 'none') return real;
      const connection = this.connection as FtpConnection & {
        commandSocket?: { destroy(): void };
        connector?: { socket?: { destroy(): void } };
      };
      // The server "crashes" mid-transfer: both its sockets cut, nothing kept.
      return {
        stream: misbehavingStream(real.stream, () => {
          connection.connector?.socket?.destroy();
          connection.commandSocket?.destroy();
        }),
        clientPath: fileName,
      };
    }
  }
  server.on('login', ({ connection, username, password }, resolve, reject) => {
    if (username !== USER || password !== PASSWORD) return reject(new Error('Login incorrect'));
    resolve({ fs: new Misbehaving(connection, { root, cwd: '/' }) });
  });
  await server.listen();
  const port = (server as unknown as { server: { address(): AddressInfo } }).server.address().port;
  return {
    port,
    user: USER,
    password: PASSWORD,
    root,
    files: () => files(root),
    read: (name) => readFileSync(join(root, name)),
    misbehave: (next) => (how = next),
    close: async () => {
      await server.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

const { STATUS_CODE, OPEN_MODE } = ssh2.utils.sftp;

/**
 * An SFTP server (ssh2) on loopback with its own host key, serving the few requests an upload
 * makes (REALPATH, STAT, OPEN, WRITE, CLOSE, RENAME, REMOVE) from a temporary folder.
 */
/**
 * A fresh ed25519 host key that ssh2 can read back. ssh2's generator strips leading zero bytes from
 * the public key, so about one key in 256 is refused by its own parser ("Malformed OpenSSH private
 * key"; mscdex/ssh2 issues 1390 and 1513): such a key is drawn again.
 */
export function sftpHostKey(): string {
  for (;;) {
    const pair = ssh2.utils.generateKeyPairSync('ed25519');
    if (!(ssh2.utils.parseKey(pair.private) instanceof Error) && !(ssh2.utils.parseKey(pair.public) instanceof Error)) return pair.private;
  }
}

export async function startSftpServer(hostKey: string = sftpHostKey()): Promise<FileServerUnderTest & { hostKey: string }> {
  const root = await mkdtemp(join(tmpdir(), 'hub-sftp-'));
  let how: Misbehaviour = 'none';
  const local = (path: string) => join(root, normalize(`/${path}`).replace(/^\/+/, ''));
  const server = new ssh2.Server({ hostKeys: [hostKey] }, (client) => {
    client.on('error', () => undefined);
    client.on('authentication', (context) => {
      if (context.method === 'password' && context.username === USER && context.password === PASSWORD) context.accept();
      else context.reject(['password']);
    });
    client.on('ready', () => {
      client.on('session', (acceptSession) => {
        acceptSession().on('sftp', (acceptSftp) => {
          const sftp = acceptSftp();
          const handles = new Map<number, { path: string; stream: WriteStream; taken: number }>();
          let next = 0;
          const fail = (id: number) => sftp.status(id, STATUS_CODE.FAILURE);
          sftp.on('REALPATH', (id, path) => sftp.name(id, [{ filename: normalize(`/${path}`), longname: path, attrs: {} as never }]));
          const stat = (id: number, path: string) => {
            if (!existsSync(local(path))) return sftp.status(id, STATUS_CODE.NO_SUCH_FILE);
            const found = statSync(local(path));
            sftp.attrs(id, {
              mode: found.mode,
              uid: 0,
              gid: 0,
              size: found.size,
              atime: found.atimeMs / 1000,
              mtime: found.mtimeMs / 1000,
            });
          };
          sftp.on('STAT', stat);
          sftp.on('LSTAT', stat);
          sftp.on('OPEN', (id, path, flags) => {
            if (!(flags & OPEN_MODE.WRITE)) return fail(id);
            mkdirSync(root, { recursive: true });
            const handle = next++;
            handles.set(handle, { path: local(path), stream: createWriteStream(local(path)), taken: 0 });
            const buffer = Buffer.alloc(4);
            buffer.writeUInt32BE(handle);
            sftp.handle(id, buffer);
          });
          sftp.on('WRITE', (id, handleBuffer, offset, data) => {
            const open = handles.get(handleBuffer.readUInt32BE(0));
            if (!open) return fail(id);
            if (how === 'disk-full') return sftp.status(id, STATUS_CODE.FAILURE, 'No space left on device');
            open.taken += data.length;
            open.stream.write(data);
            if (how === 'drop-mid-transfer' && open.taken > DROP_AFTER) {
              // What arrived is on disk under the name the client wrote to; then the connection is gone.
              open.stream.end();
              client.end();
              return;
            }
            sftp.status(id, STATUS_CODE.OK);
          });
          sftp.on('FSTAT', (id) => sftp.attrs(id, { mode: 0o100644, uid: 0, gid: 0, size: 0, atime: 0, mtime: 0 }));
          sftp.on('CLOSE', (id, handleBuffer) => {
            const handle = handleBuffer.readUInt32BE(0);
            const open = handles.get(handle);
            handles.delete(handle);
            if (!open) return sftp.status(id, STATUS_CODE.OK);
            open.stream.end(() => sftp.status(id, STATUS_CODE.OK));
          });
          sftp.on('RENAME', (id, from, to) => {
            // SFTP v3: a rename onto an existing name fails (the client removes it first).
            if (!existsSync(local(from)) || existsSync(local(to))) return fail(id);
            renameSync(local(from), local(to));
            sftp.status(id, STATUS_CODE.OK);
          });
          sftp.on('REMOVE', (id, path) => {
            if (!existsSync(local(path))) return sftp.status(id, STATUS_CODE.NO_SUCH_FILE);
            unlinkSync(local(path));
            sftp.status(id, STATUS_CODE.OK);
          });
        });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    user: USER,
    password: PASSWORD,
    root,
    hostKey,
    files: () => files(root),
    read: (name) => readFileSync(join(root, name)),
    misbehave: (next) => (how = next),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** A loopback port nothing listens on (taken from the system, then let go): connections to it are refused. */
export async function closedPort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
