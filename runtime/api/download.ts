import { API_BASE, ApiProblem } from './client';
import { CSRF_HEADER, ensureCsrfToken } from './csrf';
import { reportUnauthorized } from './unauthorized';

/** A file the API answered: its bytes and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/**
 * The file name of a Content-Disposition header (001 §7: "filename from the content-disposition
 * header"): the exact `filename*=UTF-8''…` when given, else the plain `filename="…"`.
 */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // A malformed escape: the plain name below is as good.
    }
  }
  const plain = /filename="([^"]*)"/i.exec(disposition) ?? /filename=([^;]+)/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/**
 * Fetches a file answer of the API (`path` relative to /api/v1): a GET, or a POST with a JSON body
 * (exports) carrying the CSRF token. A problem+json answer throws ApiProblem.
 */
export async function fetchFile(path: string, options: { body?: unknown; fallbackName: string }): Promise<DownloadedFile> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) {
    const token = await ensureCsrfToken();
    if (token) headers[CSRF_HEADER] = token;
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${API_BASE}${path}`, {
    method: options.body === undefined ? 'GET' : 'POST',
    credentials: 'same-origin',
    headers,
    ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
  });
  if (response.status === 401) reportUnauthorized();
  if (!response.ok) throw await ApiProblem.fromResponse(response);
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition'), options.fallbackName) };
}

/** Hands a file to the browser to save under its name (a temporary object URL and a link click). */
export function saveFile(file: DownloadedFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task is done.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
