/** Renders the OpenAPI document as one self-contained HTML page (no scripts, no network). */
const escape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters: Array<{ name: string; in: string; required: boolean; schema: unknown; description?: string }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: unknown }> }>;
  'x-roles'?: string[];
  security?: unknown[];
}

export function renderDocsPage(document: Record<string, unknown>): string {
  const info = document.info as { title: string; version: string; description: string };
  const paths = document.paths as Record<string, Record<string, Operation>>;
  const byTag = new Map<string, Array<{ method: string; path: string; op: Operation }>>();
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method: method.toUpperCase(), path, op }]);
    }
  }
  const sections = [...byTag.entries()]
    .map(([tag, ops]) => {
      const items = ops
        .map(({ method, path, op }) => {
          const params = op.parameters.length
            ? `<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>required</th><th>schema</th></tr>${op.parameters
                .map((p) => `<tr><td><code>${escape(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${escape(JSON.stringify(p.schema))}</code></td></tr>`)
                .join('')}</table>`
            : '';
          const body = op.requestBody
            ? `<h4>Request body</h4><pre>${escape(JSON.stringify(Object.values(op.requestBody.content)[0]?.schema, null, 2))}</pre>`
            : '';
          const responses = `<h4>Responses</h4><ul>${Object.entries(op.responses)
            .map(([status, r]) => `<li><b>${status}</b> ${escape(r.description)}</li>`)
            .join('')}</ul>`;
          const success = Object.entries(op.responses).find(([s]) => s.startsWith('2'))?.[1]?.content;
          const successSchema = success ? Object.values(success)[0]?.schema : undefined;
          const example = successSchema ? `<details><summary>Success schema</summary><pre>${escape(JSON.stringify(successSchema, null, 2))}</pre></details>` : '';
          const roles = op['x-roles'] ? `<p>Roles: ${op['x-roles'].map(escape).join(', ')}</p>` : '';
          const auth = op.security && op.security.length === 0 ? '<p>No API key needed.</p>' : '<p>Needs <code>X-API-Key</code>.</p>';
          return `<section id="${escape(op.operationId)}"><h3><span class="m ${method}">${method}</span> <code>${escape(path)}</code></h3><p>${escape(op.summary)}</p>${op.description ? `<p>${escape(op.description)}</p>` : ''}${auth}${roles}${params}${body}${responses}${example}</section>`;
        })
        .join('\n');
      return `<h2>${escape(tag)}</h2>\n${items}`;
    })
    .join('\n');
  const toc = [...byTag.entries()]
    .map(([tag, ops]) => `<li>${escape(tag)}<ul>${ops.map(({ method, path, op }) => `<li><a href="#${escape(op.operationId)}">${method} ${escape(path)}</a></li>`).join('')}</ul></li>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(info.title)} API</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;display:flex;color:#1d2430}
nav{width:320px;height:100vh;overflow:auto;position:sticky;top:0;background:#f4f6f9;padding:1rem;font-size:.9rem}
main{flex:1;padding:1rem 2rem;max-width:960px}
section{border-bottom:1px solid #e3e7ee;padding:.5rem 0 1rem}
pre{background:#f4f6f9;padding:.75rem;overflow:auto;font-size:.8rem}
table{border-collapse:collapse;font-size:.85rem}td,th{border:1px solid #e3e7ee;padding:.25rem .5rem;text-align:left}
.m{display:inline-block;min-width:4rem;text-align:center;border-radius:4px;color:#fff;font-size:.8rem;padding:.1rem .3rem}
.GET{background:#2f80ed}.POST{background:#27ae60}.PATCH{background:#f2994a}.DELETE{background:#eb5757}
</style></head>
<body><nav><strong>${escape(info.title)}</strong> v${escape(info.version)}<p><a href="openapi.json">openapi.json</a></p><ul>${toc}</ul></nav>
<main><h1>${escape(info.title)}</h1><p>${escape(info.description)}</p>
<p>Send your key in the <code>X-API-Key</code> header. Errors: <code>{"success":false,"error","statusCode","code","details?"}</code>.</p>
${sections}</main></body></html>`;
}
