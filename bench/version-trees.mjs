// Budget (issue 45): 1,000 one-line edits in a 200-file project add under 10 MB to the database.
// A Pro user's project of 200 files (a 200-line main file and 199 files of 40–120 lines) takes
// 1,000 edits through db REST, one at a time: each changes one line of a file picked at random
// (one in ten the main file), and each is a version holding the whole tree (docs/decisions/047).
// Storage is pg_total_relation_size (table, TOAST and indexes) of the version tables:
// project_versions, project_version_files and project_blobs. It also prints the edits' p50.
// The server runs as `npm start` runs it (the built bundle), on its embedded PostgreSQL.
// Usage: [VERSION_TREES_PORT=3930] node bench/version-trees.mjs [edits=1000]
import path from 'node:path';
import pg from 'pg';
import {
  benchFileLines,
  report,
  requestJson,
  seededRandom,
  signUpPro,
  withTempServer,
} from './lib.mjs';

const EDITS = Number(process.argv[2] ?? 1000);
const FILES = 200;
const PORT = Number(process.env.VERSION_TREES_PORT ?? 3930);
const BUDGET_MB = 10;
const TABLES = ['project_versions', 'project_version_files', 'project_blobs'];

async function versionBytes(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select ${TABLES.map((t) => `pg_total_relation_size('${t}')`).join(' + ')} as bytes,
              (select count(*) from project_versions)::int as versions,
              (select count(*) from project_blobs)::int as blobs,
              (select count(*) from project_version_files)::int as entries`,
    );
    return { ...rows[0], bytes: Number(rows[0].bytes) };
  } finally {
    await client.end();
  }
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

await withTempServer(
  'version-trees-bench-',
  PORT,
  { NODE_ENV: 'production', RATE_LIMIT_MAX: '1000000000' },
  async ({ base, work }) => {
    const databaseUrl = `postgresql://postgres@localhost/codewright?host=${encodeURIComponent(path.join(work, 'data', 'run'))}`;
    const call = (method, p, body, token) => requestJson(base, method, p, body, token);
    const { access_token: token } = await signUpPro(
      base,
      `version-trees-${Date.now()}@example.com`,
      'bench-password',
    );
    const rnd = seededRandom(45);
    const [project] = await call(
      'POST',
      '/api/db/codewright/rest/v1/projects',
      { name: 'Tree', language: 'JavaScript', code: benchFileLines(200).join('\n') },
      token,
    );
    const contents = new Map();
    const rows = Array.from({ length: FILES - 1 }, (_, i) => {
      const lines = benchFileLines(40 + Math.floor(rnd() * 80)).map((l) => `${l} /* f${i} */`);
      return {
        project_id: project.id,
        path: `src/part${i}/file${i}.js`,
        content: lines.join('\n'),
      };
    });
    const created = await call('POST', '/api/db/codewright/rest/v1/project_files', rows, token);
    for (const row of created) contents.set(row.id, row.content.split('\n'));
    const [main] = await call(
      'GET',
      `/api/db/codewright/rest/v1/project_files?project_id=eq.${project.id}&is_main=eq.true`,
      undefined,
      token,
    );
    contents.set(main.id, main.content.split('\n'));
    const ids = [...contents.keys()].filter((id) => id !== main.id);

    const before = await versionBytes(databaseUrl);
    const editMs = [];
    for (let i = 0; i < EDITS; i += 1) {
      const id = rnd() < 0.1 ? main.id : ids[Math.floor(rnd() * ids.length)];
      const lines = contents.get(id);
      const at = Math.floor(rnd() * lines.length);
      lines[at] = `${lines[at]} // edit ${i}`;
      const t0 = performance.now();
      const changed = await call(
        'PATCH',
        `/api/db/codewright/rest/v1/project_files?id=eq.${id}`,
        { content: lines.join('\n') },
        token,
      );
      editMs.push(performance.now() - t0);
      if (changed.length !== 1) throw new Error(`edit ${i} changed ${changed.length} files`);
    }
    const after = await versionBytes(databaseUrl);

    // The newest version holds every file as it is now.
    const list = await call(
      'GET',
      `/api/versions/codewright/${project.id}?limit=1`,
      undefined,
      token,
    );
    const newest = await call(
      'GET',
      `/api/versions/codewright/${project.id}/${list.versions[0].id}`,
      undefined,
      token,
    );
    if (newest.files.length !== FILES)
      throw new Error(`the newest version holds ${newest.files.length} files`);
    const byPath = new Map(created.map((r) => [r.path, r.id]).concat([[main.path, main.id]]));
    for (const file of newest.files)
      if (file.content !== contents.get(byPath.get(file.path)).join('\n'))
        throw new Error(`the newest version's ${file.path} is not the last edit`);

    editMs.sort((a, b) => a - b);
    const addedMb = (after.bytes - before.bytes) / 1024 / 1024;
    report(
      'version-trees',
      [
        {
          files: FILES,
          edits: EDITS,
          versions: after.versions,
          tree_entries: after.entries,
          blobs: after.blobs,
          storage_added_mb: addedMb.toFixed(2),
          edit_p50_ms: percentile(editMs, 0.5).toFixed(1),
          edit_p95_ms: percentile(editMs, 0.95).toFixed(1),
        },
      ],
      {
        bench: 'version-trees',
        files: FILES,
        edits: EDITS,
        storage_added_mb: addedMb,
        edit_p50_ms: percentile(editMs, 0.5),
        budget_mb: BUDGET_MB,
        pass: addedMb < BUDGET_MB,
      },
    );
  },
);
