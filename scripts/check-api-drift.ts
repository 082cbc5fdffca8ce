/**
 * Fails when src/api/schema.d.ts is not what openapi-typescript generates from openapi/openapi.yaml today.
 * Fix with `npm run gen:api`.
 */
import { readFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';

const source = new URL('../openapi/openapi.yaml', import.meta.url);
const generated = astToString(await openapiTS(source));
const committed = readFileSync(new URL('../src/api/schema.d.ts', import.meta.url), 'utf8');

const normalize = (s: string) => s.replace(/\r\n/g, '\n').replace(/^\/\*\*[\s\S]*?\*\/\n/, '').trim();
if (normalize(generated) !== normalize(committed)) {
  console.error('src/api/schema.d.ts is stale: the OpenAPI contract changed. Run `npm run gen:api` and commit the result.');
  process.exit(1);
}
console.log('API types match openapi/openapi.yaml.');
