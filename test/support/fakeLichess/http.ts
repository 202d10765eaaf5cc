// HTTP plumbing of the fake Lichess: path patterns, request bodies, JSON and error answers, and the
// scripted faults (429 with a JSON or nginx HTML body, delays, connection resets).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FaultSpec, PathPattern, RecordedRequest } from './types.ts';

/** `*` stands for one path segment; a RegExp is tested as is. */
export function pathMatches(pattern: PathPattern, path: string): boolean {
  if (pattern instanceof RegExp) return pattern.test(path);
  if (!pattern.includes('*')) return pattern === path;
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${source}$`).test(path);
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function parseForm(req: IncomingMessage, body: string): URLSearchParams | undefined {
  const type = req.headers['content-type'] ?? '';
  return type.startsWith('application/x-www-form-urlencoded') ? new URLSearchParams(body) : undefined;
}

export function sendJson(res: ServerResponse, record: RecordedRequest, status: number, body: unknown, headers: Record<string, string> = {}): void {
  record.status = status;
  record.response = body;
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function sendError(res: ServerResponse, record: RecordedRequest, status: number, error: string): void {
  sendJson(res, record, status, { error });
}

export function sendOk(res: ServerResponse, record: RecordedRequest): void {
  sendJson(res, record, 200, { ok: true });
}

/** lila's generic 429 text. */
export const TOO_MANY_REQUESTS = 'Too many requests. Try again later.';

/** What nginx answers when it rate-limits (lichess-org/api#268): HTML, not JSON. */
export const NGINX_429_HTML =
  '<html>\r\n<head><title>429 Too Many Requests</title></head>\r\n<body>\r\n<center><h1>429 Too Many Requests</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

export interface ActiveFault {
  pattern: PathPattern;
  spec: FaultSpec;
  left: number;
}

/** The first active fault for this request, consumed. */
export function takeFault(faults: ActiveFault[], method: string, path: string): FaultSpec | undefined {
  const index = faults.findIndex((f) => (!f.spec.method || f.spec.method.toUpperCase() === method) && pathMatches(f.pattern, path));
  if (index < 0) return undefined;
  const fault = faults[index];
  fault.left--;
  if (fault.left <= 0) faults.splice(index, 1);
  return fault.spec;
}

/** Answer a request with a scripted fault's status and body. */
export function sendFault(res: ServerResponse, record: RecordedRequest, spec: FaultSpec): void {
  const status = spec.status ?? 429;
  const headers: Record<string, string> = {};
  if (spec.retryAfter !== undefined) headers['Retry-After'] = String(spec.retryAfter);
  record.fault = true;
  const body = spec.body ?? 'json';
  if (body === 'html') {
    record.status = status;
    record.response = NGINX_429_HTML;
    res.writeHead(status, { 'Content-Type': 'text/html', ...headers });
    res.end(NGINX_429_HTML);
    return;
  }
  if (typeof body === 'string' && body !== 'json') {
    record.status = status;
    record.response = body;
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
    res.end(body);
    return;
  }
  const json: Record<string, unknown> = typeof body === 'object' ? { ...body } : { error: status === 429 ? TOO_MANY_REQUESTS : `Error ${status}` };
  if (spec.ratelimit) json.ratelimit = spec.ratelimit;
  sendJson(res, record, status, json, headers);
}
