import type { z } from 'zod';
import type { Endpoint, PathParams } from '@common/api/contract';
import { api, apiBlob } from './api';

/**
 * The typed client (issue 53 §1): `call(endpoints.orders.reject, { params: { id } })` sends the
 * request an endpoint's declaration (common/api) describes and answers its response type. Paths
 * come from src/lib/api/endpoints.gen.ts (generated), never from literals in src.
 */

/** An endpoint as the browser knows it: its method and path, typed by its declaration. */
export type Route<E extends Endpoint> = { readonly method: E['method']; readonly path: E['path']; readonly reply: E['response']['kind']; readonly __declared?: E };

type ParamsPart<E extends Endpoint> = keyof PathParams<E['path']> extends never ? { params?: undefined } : { params: PathParams<E['path']> };
type QueryPart<E extends Endpoint> = E['query'] extends z.ZodType ? { query?: Partial<Record<keyof z.input<E['query']>, string | number | null | undefined>> } : { query?: undefined };
type BodyPart<E extends Endpoint> = E['body'] extends { kind: 'json'; schema: infer S extends z.ZodType }
  ? undefined extends z.input<S>
    ? { body?: z.input<S> }
    : E['body'] extends { absentIsEmpty: true }
      ? { body?: z.input<S> }
      : { body: z.input<S> }
  : E['body'] extends { kind: 'multipart' }
    ? { body: FormData }
    : { body?: undefined };

export type CallInput<E extends Endpoint> = ParamsPart<E> & QueryPart<E> & BodyPart<E> & { headers?: Record<string, string>; signal?: AbortSignal };
/** What a call answers: the JSON response's type, or the body as a Blob (a file, a CSV). */
export type CallOutput<E extends Endpoint> = E['response'] extends { kind: 'json'; schema: infer S extends z.ZodType } ? z.output<S> : Blob;

type Args<E extends Endpoint> = Partial<CallInput<E>> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

type Query = Record<string, string | number | null | undefined>;

/**
 * The URL path of `route` (from the API's origin) with its parameters and query filled in, for
 * what call() cannot send: an EventSource, a streamed fetch, an upload with progress.
 */
export function urlOf<E extends Endpoint>(route: Route<E>, params?: PathParams<E['path']>, query?: Query): string {
  return fill(route, params as Record<string, string> | undefined, query);
}

function fill(route: { path: string }, params?: Record<string, string>, query?: Query): string {
  const filled = route.path.replace(/\{\*(\w+)\}|:(\w+)/g, (_m, wild: string | undefined, name: string | undefined) => {
    const value = params?.[(wild ?? name)!];
    if (value === undefined) throw new Error(`no value for ${wild ?? name} in ${route.path}`);
    return wild ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  const qs = search.toString();
  return `${filled}${qs ? `?${qs}` : ''}`;
}

/** The path without the /api prefix, which src/lib/api/api.ts adds. */
const pathOf = (route: { path: string }, params?: Record<string, string>, query?: Query): string => fill(route, params, query).replace(/^\/api(?=\/)/, '');

export function call<E extends Endpoint>(route: Route<E>, ...[input]: Args<E>): Promise<CallOutput<E>> {
  const i = (input ?? {}) as { params?: Record<string, string>; query?: Query; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal };
  const path = pathOf(route, i.params, i.query);
  const opts = { method: route.method, body: i.body, headers: i.headers, signal: i.signal };
  return (route.reply === 'json' ? api(path, opts) : apiBlob(path, opts)) as Promise<CallOutput<E>>;
}
