import { z } from 'zod';

/**
 * An HTTP endpoint, declared once (issue 53 §1): its method, path, who may call it, its request
 * (params, query, body) and its answer. The server mounts its handler from the declaration
 * (functions/src/platform/http/mount.ts: the role check and the validation come from it), the client
 * calls through it (src/lib/api/call.ts, paths from src/lib/api/endpoints.gen.ts), the authorization
 * matrix and the fuzz test iterate the declarations, and docs/openapi.json is generated from them
 * (scripts/openapi.ts).
 */

/**
 * Who may call an endpoint:
 * - public: anyone, signed in or not (a capability in the request, a signature or a token, may still be the permission);
 * - user: signed in (401 otherwise);
 * - owner: signed in, and only the owner of the resource named gets it (others: 404 or 403, said by the handler);
 * - admin: the admin role (401 signed out, 403 without it);
 * - super: the super admin role (the 403 says `denied`).
 */
export const ACCESS = ['public', 'user', 'owner', 'admin', 'super'] as const;
export type Access = (typeof ACCESS)[number];

export type Method = 'GET' | 'POST';

/** What a successful answer is: JSON (with its schema), or another transport. */
export type Reply =
  | { readonly kind: 'json'; readonly status: number; readonly schema: z.ZodType }
  | { readonly kind: 'stream' | 'file' | 'redirect' | 'empty' | 'html' | 'xml' | 'csv'; readonly status: number; readonly contentType?: string };

/** A request body: JSON (validated before the handler unless `checkedBy: 'handler'`), multipart form data, or raw bytes. */
export type Body =
  | {
      readonly kind: 'json';
      readonly schema: z.ZodType;
      /** An absent body counts as {} (otherwise it is validated as `undefined`). */
      readonly absentIsEmpty?: boolean;
    }
  | { readonly kind: 'multipart'; readonly fields: z.ZodType; readonly files: readonly string[] }
  | { readonly kind: 'raw'; readonly contentType: string };

export type Endpoint = {
  readonly method: Method;
  /** The path as served, in Express's syntax (`:id`, `{*path}`), e.g. '/api/orders/:id/proof'. */
  readonly path: `/${string}`;
  readonly access: Access;
  /** For `super`: the message of the 403 an admin or user gets. */
  readonly denied?: string;
  /** What of an admin endpoint's requests only super admins may make (a further check, before validation). */
  readonly superAdminParts?: string;
  readonly summary: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: Body;
  /**
   * The handler reads the request itself, which the declaration only describes: a body that may
   * come in the query instead, a multipart form, a signed raw body.
   */
  readonly checkedBy?: 'handler';
  readonly response: Reply;
};

/** A request part that carries no fields: a body as `req.body ?? {}` (absent counts as {}), or a query. */
export const noFields = z.strictObject({});

/** Declares an endpoint, keeping its literal types (the typed client infers from them). */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

/** A JSON answer described by a zod schema. */
export const json = <S extends z.ZodType>(schema: S, status = 200) => ({ kind: 'json' as const, status, schema });

/**
 * A JSON answer whose type lives in common/ as a TypeScript type (`name` says which): typed for
 * the client; in the OpenAPI document an object named after it.
 */
export const typed = <T>(name: string, status = 200) => ({ kind: 'json' as const, status, schema: z.custom<T>().meta({ title: name }) });

export const other = <K extends Exclude<Reply['kind'], 'json'>>(kind: K, status = 200, contentType?: string) => ({ kind, status, contentType });

/** A JSON body; `absentIsEmpty`: no body at all counts as {}. */
export const jsonBody = <S extends z.ZodType>(schema: S, absentIsEmpty = false) => ({ kind: 'json' as const, schema, absentIsEmpty });

/** A body the handler does not read (the client sends {}): anything passes. */
export const ignoredBody = { kind: 'json' as const, schema: z.unknown().meta({ description: 'Not read' }), absentIsEmpty: true };

/** `:name` and `{*name}` of a path, as an object type of strings. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : P extends `${string}{*${infer Name}}${string}`
      ? { [K in Name]: string }
      : unknown;

/** The names of a path's parameters, in order. */
export const pathParamNames = (path: string): string[] => [...path.matchAll(/\{\*(\w+)\}|:(\w+)/g)].map((m) => (m[1] ?? m[2])!);

/** A path with its parameters filled in (each URI-encoded; a `{*wildcard}` keeps its slashes). */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{\*(\w+)\}|:(\w+)/g, (_m, wild: string | undefined, name: string | undefined) => {
    const key = (wild ?? name)!;
    const value = params[key];
    if (value === undefined) throw new Error(`no value for ${key} in ${path}`);
    return wild ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
  });
}
