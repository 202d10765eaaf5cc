// HTTP plumbing of the fake Discord: read a request body (JSON, or multipart/form-data with
// `payload_json` and `files[n]` parts), describe it as a RecordedRequest, and write Discord-shaped
// answers: JSON, 204, error JSON, and scripted faults such as a 429 with its X-RateLimit headers.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** One uploaded file of a multipart request, bytes intact. */
export interface RecordedFile {
  /** the form field, e.g. `files[0]` */
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** Every request the fake receives, for assertions. */
export interface RecordedRequest {
  method: string;
  /** decoded path without the query, e.g. `/api/v10/webhooks/1/tok/messages/@original` */
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** the JSON body, or the parsed `payload_json` of a multipart body, or undefined */
  body: unknown;
  files: RecordedFile[];
  /** the status the fake answered */
  status: number;
  /** the body the fake answered with (JSON) or undefined for 204 */
  response: unknown;
  at: number;
}

/** A scripted fault: the next `times` requests matching `method` and `path` get this answer. */
export interface FaultSpec {
  method?: string;
  /** matched against the decoded path: a substring or a RegExp */
  path?: string | RegExp;
  /** and the request itself, e.g. only the edit that removes the buttons: `(r) => bodyOf(r).components?.length === 0` */
  when?: (request: RecordedRequest) => boolean;
  /** how many matching requests fail (default 1) */
  times?: number;
  /** default 429 */
  status?: number;
  /** for 429: the wait Discord asks for, in milliseconds (default 100) */
  retryAfterMs?: number;
  /** for 429: `user` (per-route bucket, the default), `global` or `shared` */
  scope?: 'user' | 'global' | 'shared';
  /** for other statuses: the JSON body (default `{message, code: 0}`) */
  body?: unknown;
}

export interface ActiveFault extends Required<Pick<FaultSpec, 'times' | 'status'>> {
  spec: FaultSpec;
  hits: number;
  /** For a late answer (FakeDiscord.answerLate): how long it is held. */
  delayMs?: number;
}

export async function readBody(req: IncomingMessage): Promise<{ body: unknown; files: RecordedFile[] }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const type = req.headers['content-type'] ?? '';
  if (raw.length === 0) return { body: undefined, files: [] };
  if (type.startsWith('multipart/form-data')) return parseMultipart(raw, type);
  if (type.includes('json')) return { body: JSON.parse(raw.toString('utf8')), files: [] };
  return { body: raw.toString('utf8'), files: [] };
}

/** Parses multipart/form-data with the platform's own parser (undici's Response.formData). */
async function parseMultipart(raw: Buffer, contentType: string): Promise<{ body: unknown; files: RecordedFile[] }> {
  const form = await new Response(raw, { headers: { 'content-type': contentType } }).formData();
  let body: unknown;
  const files: RecordedFile[] = [];
  for (const [field, value] of form.entries()) {
    if (typeof value === 'string') {
      if (field === 'payload_json') body = JSON.parse(value);
    } else {
      files.push({
        field,
        filename: value.name,
        contentType: value.type,
        data: Buffer.from(await value.arrayBuffer()),
      });
    }
  }
  return { body, files };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function sendEmpty(res: ServerResponse, status = 204): void {
  res.writeHead(status);
  res.end();
}

export function faultMatches(fault: ActiveFault, request: RecordedRequest): boolean {
  const { spec } = fault;
  const { method, path } = request;
  if (fault.hits >= fault.times) return false;
  if (spec.method && spec.method.toUpperCase() !== method) return false;
  if (spec.path !== undefined && !(typeof spec.path === 'string' ? path.includes(spec.path) : spec.path.test(path))) return false;
  return spec.when ? spec.when(request) : true;
}

/** The answer of a fault: status, headers, JSON body (Discord's shapes). */
export function faultResponse(fault: ActiveFault): { status: number; headers: Record<string, string>; body: unknown } {
  const { spec, status } = fault;
  if (status !== 429) {
    return { status, headers: {}, body: spec.body ?? { message: `Fake fault ${status}`, code: 0 } };
  }
  const retryAfter = (spec.retryAfterMs ?? 100) / 1000;
  const scope = spec.scope ?? 'user';
  const headers: Record<string, string> = {
    // Discord sends whole seconds here; @discordjs/rest reads `Number(header) * 1000`, so the fake
    // sends the exact fraction to keep tests fast (a 100 ms fault waits 100 ms, not 1 s).
    'retry-after': retryAfter.toFixed(3),
    'x-ratelimit-limit': '5',
    'x-ratelimit-remaining': '0',
    'x-ratelimit-reset': ((Date.now() / 1000) + retryAfter).toFixed(3),
    'x-ratelimit-reset-after': retryAfter.toFixed(3),
    'x-ratelimit-bucket': 'fake-bucket',
    'x-ratelimit-scope': scope,
  };
  if (scope === 'global') headers['x-ratelimit-global'] = 'true';
  const body = spec.body ?? { message: 'You are being rate limited.', retry_after: retryAfter, global: scope === 'global' };
  return { status, headers, body };
}
