import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { deflateRawSync, gzipSync } from 'node:zlib';
import { build, type BuildOptions, type Metafile } from 'esbuild';

/**
 * One function bundled as serverless-esbuild would deploy it: its size, gzipped and as its
 * deployment zip, and what went into it (from esbuild's metafile), for the cold-start suite.
 */

interface InputShare {
  path: string;
  bytes: number;
}

export interface Bundle {
  name: string;
  kind: 'function' | 'baseline';
  source: string;
  exportName: string;
  file: string;
  sizeBytes: number;
  gzipBytes: number;
  /** The function's deployment zip: its one bundle and the files its package.patterns add, deflated, plus the zip headers. */
  zipBytes: number;
  /** Called by API Gateway (the budget is for these); false for workers and the baseline. */
  http: boolean;
  /** Bytes of the files its package adds beside the bundle (served content such as the API reference's script). */
  packageFileBytes: number;
  inputs: InputShare[];
  packages: InputShare[];
}

/** Label of a metafile input: its package chain (`@middy/validator > ajv`) or `(project) <path>`. */
function packageOf(path: string): string {
  const parts = path.split('node_modules/').slice(1);
  if (parts.length === 0) return '(project)';
  return parts
    .map((part) => {
      const segments = part.split('/');
      return part.startsWith('@') ? `${segments[0]}/${segments[1]}` : (segments[0] as string);
    })
    .join(' > ');
}

function summariseInputs(
  metafile: Metafile,
  outFile: string,
  rootDir: string,
): { inputs: InputShare[]; packages: InputShare[] } {
  const output = Object.entries(metafile.outputs).find(
    ([path]) => join(rootDir, path) === outFile || path === outFile,
  )?.[1];
  if (!output) return { inputs: [], packages: [] };
  const inputs = Object.entries(output.inputs)
    .map(([path, input]) => ({ path: path.replace(/^(\.\.\/)+/, ''), bytes: input.bytesInOutput }))
    .sort((a, b) => b.bytes - a.bytes);
  const byPackage = new Map<string, number>();
  for (const input of inputs)
    byPackage.set(packageOf(input.path), (byPackage.get(packageOf(input.path)) ?? 0) + input.bytes);
  const packages = [...byPackage.entries()].map(([path, bytes]) => ({ path, bytes })).sort((a, b) => b.bytes - a.bytes);
  return { inputs, packages };
}

export async function bundleOne(
  rootDir: string,
  options: BuildOptions,
  outExtension: string,
  outDir: string,
  spec: {
    name: string;
    kind: Bundle['kind'];
    entry: string;
    exportName: string;
    http?: boolean;
    packageFiles?: string[];
  },
): Promise<Bundle> {
  mkdirSync(outDir, { recursive: true });
  const result = await build({
    ...options,
    absWorkingDir: rootDir,
    entryPoints: [spec.entry],
    outdir: outDir,
    outExtension: { '.js': outExtension },
    // The baseline lives in the temp dir; its packages resolve from the repo's node_modules.
    nodePaths: [join(rootDir, 'node_modules')],
    metafile: true,
    write: true,
    logLevel: 'silent',
  });
  const file = join(outDir, basename(spec.entry).replace(/\.[^.]+$/, '') + outExtension);
  const code = readFileSync(file);
  // One entry each: local header (30) + central directory entry (46), its name twice; the end record (22) once.
  const zipEntry = (bytes: Buffer, name: string) =>
    deflateRawSync(bytes, { level: 9 }).length + 76 + 2 * Buffer.byteLength(name);
  const extras = (spec.packageFiles ?? []).map((name) => ({ name, bytes: readFileSync(join(rootDir, name)) }));
  return {
    name: spec.name,
    kind: spec.kind,
    source: relative(rootDir, spec.entry).startsWith('..') ? spec.entry : relative(rootDir, spec.entry),
    exportName: spec.exportName,
    file,
    sizeBytes: statSync(file).size,
    gzipBytes: gzipSync(code).length,
    zipBytes:
      zipEntry(code, relative(rootDir, file)) +
      extras.reduce((sum, extra) => sum + zipEntry(extra.bytes, extra.name), 0) +
      22,
    http: spec.http ?? false,
    packageFileBytes: extras.reduce((sum, extra) => sum + extra.bytes.length, 0),
    ...summariseInputs(result.metafile, file, rootDir),
  };
}

export function errorText(error: unknown): string {
  const failure = error as { errors?: Array<{ text: string; location?: { file: string } | null }> };
  if (Array.isArray(failure.errors) && failure.errors.length > 0) {
    return failure.errors
      .slice(0, 3)
      .map((e) => (e.location ? `${e.location.file}: ${e.text}` : e.text))
      .join('; ');
  }
  return error instanceof Error ? error.message : String(error);
}
