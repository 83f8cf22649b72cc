/**
 * Reads the vendor's OpenAPI 3.0 document at test time and turns a path's response schemas into JSON Schemas that
 * Ajv checks. OpenAPI 3.0 is not JSON Schema: `nullable` becomes a `null` type, `allOf` object parts are merged so
 * that the checks can be strict, and `example`/`x-*` keys go. Strict means: every documented property must be
 * present and no undocumented one may appear (the document itself never says `required` or
 * `additionalProperties`, so without this a body of `{}` would pass).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import formatsPlugin from 'ajv-formats';
import { parse } from 'yaml';
import type { OpenApiDoc } from './deviations.js';

/** `../shared` relative to the repository root. */
export const SHARED_DIR = fileURLToPath(new URL('../../../../../shared/', import.meta.url));
export const OPENAPI_PATH = `${SHARED_DIR}reference/data-api/bo-data-open-api.yml`;
export const CONTRACT_PATH = `${SHARED_DIR}reference/data-api-contract.md`;
export const sharedAvailable = existsSync(OPENAPI_PATH) && existsSync(CONTRACT_PATH);

export function loadOpenApi(): OpenApiDoc {
  return parse(readFileSync(OPENAPI_PATH, 'utf8')) as OpenApiDoc;
}

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

function pointer(doc: OpenApiDoc, ref: string): Json {
  if (!ref.startsWith('#/')) throw new Error(`Only local refs are supported: ${ref}`);
  let node: Json = doc;
  for (const raw of ref.slice(2).split('/')) {
    node = node?.[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
    if (node === undefined) throw new Error(`Unresolvable ref ${ref}`);
  }
  return node;
}

/** Inlines refs, merges object `allOf`s, converts `nullable`, drops annotations, makes objects strict. */
function convert(doc: OpenApiDoc, node: Json, seen: string[] = []): Json {
  if (Array.isArray(node)) return node.map((n) => convert(doc, n, seen));
  if (node === null || typeof node !== 'object') return node;
  if (typeof node.$ref === 'string') {
    if (seen.includes(node.$ref)) throw new Error(`Recursive ref ${node.$ref}`);
    return convert(doc, pointer(doc, node.$ref), [...seen, node.$ref]);
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'example' || key === 'description' || key.startsWith('x-') || key === 'nullable') continue;
    if (key === 'properties') {
      out.properties = Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, convert(doc, v, seen)]));
    } else out[key] = convert(doc, value, seen);
  }
  let merged = out;
  if (Array.isArray(out.allOf) && out.allOf.every((part: Json) => part.type === 'object' || part.properties)) {
    merged = mergeObjects([...out.allOf, { ...out, allOf: undefined }]);
  }
  if (node.nullable === true) {
    if (typeof merged.type === 'string') merged.type = [merged.type, 'null'];
    if (Array.isArray(merged.enum)) merged.enum = [...merged.enum, null];
  }
  if ((merged.type === 'object' || (Array.isArray(merged.type) && merged.type.includes('object'))) && merged.properties) {
    const optional: string[] = node['x-optional'] ?? [];
    merged.required = Object.keys(merged.properties).filter((k) => !optional.includes(k));
    merged.additionalProperties = false;
  }
  return merged;
}

function mergeObjects(parts: Json[]): Json {
  const properties: Record<string, Json> = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part.properties ?? {})) {
      // Both parts constrain the key (e.g. BaseError's type enum and the specific error's): both must hold.
      properties[key] = properties[key] ? { allOf: [properties[key], value] } : value;
    }
  }
  return { type: 'object', properties };
}

export interface ResponseSchemas {
  /** Validator for `status` of `method path`, or undefined when the document lists no such response. */
  validator(path: string, method: string, status: number): ValidateFunction | undefined;
}

export function compileResponses(doc: OpenApiDoc): ResponseSchemas {
  const ajv = new Ajv({ strict: false, allErrors: true });
  // ajv-formats is CommonJS with `exports.default`; under NodeNext the default import is the module object.
  const addFormats = ((formatsPlugin as unknown as { default?: typeof formatsPlugin }).default ?? formatsPlugin) as unknown as (a: Ajv) => Ajv;
  addFormats(ajv);
  ajv.addFormat('float', true);
  // Formats the vendor writes that are no JSON Schema format (`datetime` covers both its `YYYY-MM-DD HH:MM:SS` and ISO
  // values): nothing to check, and declared so Ajv does not warn about each.
  for (const loose of ['datetime', 'string', 'integer', 'number']) ajv.addFormat(loose, true);
  const cache = new Map<string, ValidateFunction | undefined>();
  return {
    validator(path, method, status) {
      const key = `${method} ${path} ${status}`;
      if (!cache.has(key)) {
        const op = doc['paths']?.[path]?.[method.toLowerCase()];
        let response = op?.['responses']?.[String(status)];
        if (response?.$ref) response = pointer(doc, response.$ref);
        const schema = response?.['content']?.['application/json']?.['schema'];
        cache.set(key, schema ? ajv.compile(convert(doc, schema)) : undefined);
      }
      return cache.get(key);
    },
  };
}
