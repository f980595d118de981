import type { Organisation } from '../generated/types';
import type { ApiResponse, TestClient } from './testServer';

export interface Problem {
  code: string;
  parameter?: string;
}

/** A file part of a multipart save: its name in the form, the bytes, the file name and type the client claims. */
export interface FilePart {
  part: string;
  bytes: Uint8Array;
  fileName?: string;
  type?: string;
}

/** The organisation as its editor loads it, with the ETag a save sends back. */
export async function loadOrganisation(client: TestClient, id: number): Promise<{ record: Organisation; etag: string }> {
  const response = await client.get<Organisation>(`/api/v1/organisations/${id}`);
  if (response.status !== 200) throw new Error(`GET /organisations/${id}: ${response.status} ${response.text}`);
  return { record: response.body, etag: response.headers.get('etag') ?? '' };
}

/** A multipart body as the editor sends it (002 §7): the JSON in `jsonBody`, then the files. */
export function multipartBody(json: unknown, files: readonly FilePart[]): FormData {
  const form = new FormData();
  form.append('jsonBody', JSON.stringify(json));
  for (const file of files)
    form.append(
      file.part,
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.fileName ?? 'upload.bin',
    );
  return form;
}

/**
 * Saves an organisation as its editor does: the record as loaded, with `changes` on top, sent back
 * with If-Match; as multipart/form-data when files come with it.
 */
export async function saveOrganisation(
  client: TestClient,
  id: number,
  changes: Record<string, unknown>,
  files: readonly FilePart[] = [],
): Promise<ApiResponse<Organisation & Problem>> {
  const { record, etag } = await loadOrganisation(client, id);
  const body = { ...record, ...changes };
  if (!client.csrfToken()) await client.get('/healthz');
  const headers = { 'x-csrf-token': client.csrfToken() ?? '', 'if-match': etag };
  return client.request<Organisation & Problem>(
    'PUT',
    `/api/v1/organisations/${id}`,
    files.length > 0 ? multipartBody(body, files) : body,
    headers,
  );
}
