import type { Context } from 'koa';
import { imageTypeOf } from '../../shared/files/imageType';
import type { UploadedFile } from '../generated/types';
import { HttpProblem } from './problem';

/** A file part an operation accepts (spec `files`), as the generated operation table lists it. */
export interface UploadPartDef {
  name: string;
  maxBytes: number;
}

/** The JSON part's limit: the same as a JSON body's (app.ts). */
const JSON_PART_LIMIT = 1024 * 1024;
/** Room for the multipart boundaries and part headers around the parts' contents. */
const ENVELOPE_BYTES = 64 * 1024;

export interface MultipartBody {
  /** The `jsonBody` part, parsed. */
  body: unknown;
  files: Record<string, UploadedFile>;
}

/**
 * Reads a request body up to `limit` bytes; past it the request is refused at once (413), so a
 * 20 MB upload costs the server at most the limit, never the whole file.
 */
async function readLimited(ctx: Context, limit: number): Promise<Buffer> {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > limit) throw new HttpProblem(413, 'payload_too_large', { detail: `at most ${limit} bytes` });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      // Stop reading; the answer closes the connection rather than draining the rest.
      ctx.set('Connection', 'close');
      throw new HttpProblem(413, 'payload_too_large', { detail: `at most ${limit} bytes` });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** A part's file name as a download may carry it: its last path segment, plain, at most 100 characters. */
function plainFileName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  return last.replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(0, 100) || 'image';
}

/**
 * 002 §7: a multipart/form-data body with the operation's JSON body in a `jsonBody` part and its
 * files in parts of their own. Parsed by the platform's own parser (undici's `Request.formData`,
 * which Node's fetch uses), after the whole body is read within its limit. Each file must be at
 * most its part's limit (413 file_too_large naming the part) and an image by its content (415
 * image_files_only naming it, shared/files/imageType.ts); an empty file part counts as none (a form
 * sends one when no file was chosen). Any other part, a repeated one, or a missing or malformed
 * jsonBody is a 400 naming it.
 */
export async function readMultipart(ctx: Context, parts: readonly UploadPartDef[]): Promise<MultipartBody> {
  const raw = await readLimited(ctx, JSON_PART_LIMIT + ENVELOPE_BYTES + parts.reduce((sum, part) => sum + part.maxBytes, 0));
  let form: FormData;
  try {
    form = await new Request('http://localhost/', {
      method: 'POST',
      headers: { 'content-type': ctx.get('content-type') },
      body: new Uint8Array(raw),
    }).formData();
  } catch {
    throw new HttpProblem(400, 'invalid_body', { detail: 'The multipart body cannot be read.' });
  }
  const seen = new Set<string>();
  let body: unknown;
  const files: Record<string, UploadedFile> = {};
  for (const [name, value] of form.entries()) {
    if (seen.has(name)) throw new HttpProblem(400, 'invalid_body', { parameter: name, detail: `${name} is sent twice` });
    seen.add(name);
    if (name === 'jsonBody') {
      const text = typeof value === 'string' ? value : await value.text();
      if (Buffer.byteLength(text) > JSON_PART_LIMIT) throw new HttpProblem(413, 'payload_too_large', { parameter: name });
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        throw new HttpProblem(400, 'invalid_body', { parameter: name, detail: 'jsonBody is not JSON' });
      }
      continue;
    }
    const part = parts.find((candidate) => candidate.name === name);
    if (!part || typeof value === 'string')
      throw new HttpProblem(400, 'invalid_body', { parameter: name, detail: `${name} is not a file this operation takes` });
    if (value.size === 0) continue;
    if (value.size > part.maxBytes)
      throw new HttpProblem(413, 'file_too_large', { parameter: name, detail: `at most ${part.maxBytes} bytes` });
    const bytes = Buffer.from(await value.arrayBuffer());
    const contentType = imageTypeOf(bytes);
    if (!contentType) throw new HttpProblem(415, 'image_files_only', { parameter: name });
    files[name] = { bytes, contentType, fileName: plainFileName(value.name) };
  }
  if (body === undefined) throw new HttpProblem(400, 'invalid_body', { parameter: 'jsonBody', detail: 'jsonBody is missing' });
  return { body, files };
}

/** Whether a request's body is multipart/form-data (an operation with files takes it besides JSON). */
export function isMultipart(ctx: Context): boolean {
  return ctx.is('multipart/form-data') === 'multipart/form-data';
}
