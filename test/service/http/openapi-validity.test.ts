// The document as strict tools read it: Redocly's linter (its recommended rules) finds no error
// and no warning, and a second, independent parser (APIDevTools' swagger-parser, which checks it
// against the OpenAPI 3.1 JSON Schema and resolves every $ref) accepts it.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { FEATURES } from '../../../src/service/app.ts';
import { openApiDocument } from '../../../src/service/http/openapi.ts';

const run = promisify(execFile);
const document = openApiDocument(FEATURES);

/** The document in a file of its own, as a tool is handed it. */
function documentFile(content: unknown = document): string {
  const file = join(mkdtempSync(join(tmpdir(), 'openapi-')), 'openapi.json');
  writeFileSync(file, JSON.stringify(content));
  return file;
}

/** `redocly lint` on `file`: its exit code and summary. */
async function lint(file: string): Promise<{ code: number; output: string }> {
  const redocly = join(import.meta.dirname, '../../../node_modules/.bin/redocly');
  const options = { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } };
  return run(redocly, ['lint', file, '--format=summary'], options).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: error.stdout + error.stderr,
    }),
  );
}

describe('the OpenAPI document, read by strict tools', () => {
  it('passes `redocly lint` with no error and no warning', async () => {
    const { code, output } = await lint(documentFile());
    expect(output).toContain('Your API description is valid');
    // The summary's lines, e.g. "warning operation-operationId: 67" (a Node 20 notice aside).
    expect(output).not.toMatch(/^(error|warning)\s+[\w-]+: \d+/m);
    expect(code).toBe(0);
  }, 60_000);

  it('fails `redocly lint` when an operation carries a key OpenAPI does not know (the leaked middleware)', async () => {
    const broken = structuredClone(document) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    broken.paths['/v1/blackouts']!.post!.middleware = [null];
    const { code, output } = await lint(documentFile(broken));
    expect(code).not.toBe(0);
    expect(output).toMatch(/struct/);
  }, 60_000);

  it('is accepted by swagger-parser, every $ref resolved', async () => {
    const api = await SwaggerParser.validate(documentFile());
    expect(api.info.title).toBe('Booking service');
  });

  it('is refused by swagger-parser when an operation carries a key OpenAPI does not know', async () => {
    const broken = structuredClone(document) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    broken.paths['/v1/bookings']!.post!.middleware = [null];
    await expect(SwaggerParser.validate(documentFile(broken))).rejects.toThrow(/middleware|additional|unevaluated/i);
  });
});
