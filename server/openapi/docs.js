// The API reference page (GET /api/docs): draws /api/openapi.json as plain semantic HTML, no framework. A file of
// its own, not an inline script, so the app's Content-Security-Policy holds on this page too; every node is built
// with textContent (nothing from the document is parsed as HTML). It documents and sends nothing else.

const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options', 'trace'];

/** An element with attributes and children (strings become text). */
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value !== undefined && value !== false) node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child !== undefined && child !== null && child !== false) {
      node.append(typeof child === 'string' ? document.createTextNode(child) : child);
    }
  }
  return node;
}

/** Text with `code` spans (the document's descriptions use backticks), as text and <code> nodes. */
function prose(text) {
  return String(text)
    .split('`')
    .map((part, i) => (i % 2 ? el('code', null, part) : part));
}

/** An id from free text: `post /api/timelines/{id}` -> `post-api-timelines-id`. */
const slug = (text) =>
  String(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** `$ref`s to the document's components inlined (each at most once per path, so a cycle cannot loop). */
function resolve(schema, doc, seen = new Set()) {
  if (Array.isArray(schema)) return schema.map((item) => resolve(item, doc, seen));
  if (!schema || typeof schema !== 'object') return schema;
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#/')) {
    if (seen.has(schema.$ref)) return { $ref: schema.$ref };
    const target = schema.$ref
      .slice(2)
      .split('/')
      .reduce((at, key) => (at ? at[key] : undefined), doc);
    if (target) return resolve(target, doc, new Set([...seen, schema.$ref]));
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, resolve(value, doc, seen)]));
}

/** A schema as indented JSON in a <pre> that wraps (the page never scrolls sideways, docs.css). */
const schemaBlock = (schema, doc, label) =>
  el(
    'div',
    { class: 'schema' },
    el('pre', { 'aria-label': label }, el('code', null, JSON.stringify(resolve(schema, doc), null, 2))),
  );

/** A parameter's schema in a few words: `string (uuid), 1-200 chars`, `one of: a, b`. */
function typeText(schema) {
  if (!schema || typeof schema !== 'object') return 'any';
  const words = [];
  if (schema.const !== undefined) words.push(`always ${JSON.stringify(schema.const)}`);
  else if (Array.isArray(schema.enum)) words.push(`one of: ${schema.enum.map(String).join(', ')}`);
  else words.push([schema.type ?? 'any'].flat().join(' or ') + (schema.format ? ` (${schema.format})` : ''));
  const range = (low, high, unit) => {
    if (low !== undefined && high !== undefined) words.push(`${low}-${high}${unit}`);
    else if (low !== undefined) words.push(`at least ${low}${unit}`);
    else if (high !== undefined) words.push(`at most ${high}${unit}`);
  };
  range(schema.minLength, schema.maxLength, ' chars');
  range(schema.minimum, schema.maximum, '');
  if (schema.pattern) words.push(`matching ${schema.pattern}`);
  if (schema.default !== undefined) words.push(`default ${JSON.stringify(schema.default)}`);
  return words.join(', ');
}

function parametersTable(parameters, title) {
  return el(
    'table',
    null,
    el('caption', { class: 'visually-hidden' }, `Parameters of ${title}`),
    el(
      'thead',
      null,
      el(
        'tr',
        null,
        el('th', { scope: 'col' }, 'Name'),
        el('th', { scope: 'col' }, 'In'),
        el('th', { scope: 'col' }, 'Schema'),
      ),
    ),
    el(
      'tbody',
      null,
      parameters.map((p) =>
        el(
          'tr',
          null,
          el(
            'th',
            { scope: 'row' },
            el('code', null, p.name),
            p.required ? el('span', { class: 'required' }, ' required') : null,
          ),
          el('td', null, p.in),
          el(
            'td',
            null,
            typeText(p.schema),
            p.description ? el('span', { class: 'note' }, ' — ', prose(p.description)) : null,
          ),
        ),
      ),
    ),
  );
}

function operationBlock(method, path, op, doc) {
  const title = `${method.toUpperCase()} ${path}`;
  const body = el('div', { class: 'operation-body' });
  if (op.description) body.append(el('p', null, prose(op.description)));
  body.append(
    el(
      'p',
      { class: 'note' },
      op.security?.length ? 'Needs a signed-in session (the session cookie).' : 'Needs no sign-in.',
    ),
  );
  if (op.parameters?.length) {
    body.append(el('h4', null, 'Parameters'), parametersTable(op.parameters, title));
  }
  const requestBody = op.requestBody;
  if (requestBody) {
    const json = requestBody.content?.['application/json'];
    body.append(
      el('h4', null, 'Request body'),
      el('p', { class: 'note' }, `JSON, ${requestBody.required ? 'required' : 'optional'}.`),
      json?.schema ? schemaBlock(json.schema, doc, `Request body schema of ${title}`) : null,
    );
  }
  body.append(el('h4', null, 'Responses'));
  const list = el('dl', { class: 'responses' });
  for (const [status, answer] of Object.entries(op.responses ?? {})) {
    const json = answer.content?.['application/json'];
    const headers = Object.keys(answer.headers ?? {});
    list.append(
      el(
        'dt',
        null,
        el('span', { class: `status status-${status[0]}` }, status),
        ' ',
        prose(answer.description ?? ''),
      ),
      el(
        'dd',
        null,
        headers.length ? el('p', { class: 'note' }, `Headers: ${headers.join(', ')}`) : null,
        json?.schema ? schemaBlock(json.schema, doc, `${status} answer schema of ${title}`) : null,
      ),
    );
  }
  body.append(list);

  return el(
    'details',
    { class: 'operation', id: slug(`${method} ${path}`) },
    el(
      'summary',
      null,
      el('span', { class: `method method-${method}` }, method.toUpperCase()),
      ' ',
      el('code', { class: 'path' }, path),
      ' ',
      el('span', { class: 'summary-text' }, op.summary ?? ''),
      op.security?.length ? el('span', { class: 'signed-in' }, ' (signed in)') : null,
    ),
    body,
  );
}

/** Operations grouped by their first tag, tags in alphabetical order, operations in the document's order. */
function byTag(doc) {
  const groups = new Map();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'other';
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag).push({ method, path, op });
    }
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

function render(doc, main) {
  const groups = byTag(doc);
  const count = groups.reduce((sum, [, ops]) => sum + ops.length, 0);
  const intro = el(
    'div',
    { class: 'intro' },
    el('p', null, prose(doc.info?.description ?? '')),
    el(
      'p',
      { class: 'note' },
      `Version ${doc.info?.version ?? '?'} · OpenAPI ${doc.openapi} · ${count} operations · `,
      el('a', { href: '/api/openapi.json' }, 'the document as JSON'),
    ),
  );
  const toc = el(
    'nav',
    { 'aria-labelledby': 'contents-title' },
    el('h2', { id: 'contents-title' }, 'Contents'),
    el(
      'ul',
      { class: 'contents' },
      groups.map(([tag, ops]) =>
        el('li', null, el('a', { href: `#tag-${slug(tag)}` }, tag), ` (${ops.length})`),
      ),
    ),
  );
  const operations = el(
    'div',
    { id: 'operations', tabindex: '-1' },
    groups.map(([tag, ops]) =>
      el(
        'section',
        { 'aria-labelledby': `tag-${slug(tag)}` },
        el('h2', { id: `tag-${slug(tag)}` }, tag),
        ops.map(({ method, path, op }) => operationBlock(method, path, op, doc)),
      ),
    ),
  );
  main.querySelector('#status').remove();
  main.append(intro, toc, operations);
}

/** A link to one operation (`/api/docs#post-api-timelines-join`) opens it. */
function openFromHash() {
  const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (target instanceof HTMLDetailsElement) {
    target.open = true;
    target.scrollIntoView();
  }
}

async function start() {
  const main = document.getElementById('main');
  try {
    const answer = await fetch('/api/openapi.json', { headers: { accept: 'application/json' } });
    if (!answer.ok) throw new Error(`the server answered ${answer.status}`);
    render(await answer.json(), main);
    openFromHash();
    window.addEventListener('hashchange', openFromHash);
    document.documentElement.dataset.ready = 'true';
  } catch (err) {
    const status = main.querySelector('#status');
    status.textContent = `The reference could not be loaded (${err instanceof Error ? err.message : err}). `;
    status.append(el('a', { href: '/api/openapi.json' }, 'Open the document as JSON'));
  }
}

start();
