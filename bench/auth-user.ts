// GET /api/auth/user for a signed-in user: the session lookup every signed-in call pays.
// Run: node --import tsx bench/auth-user.ts   (add BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres for PostgreSQL)
import { benchKinds, printRow, startTarget, timeRequests } from './lib.ts';

for (const kind of benchKinds()) {
  const target = await startTarget(kind);
  try {
    const register = await fetch(`${target.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: target.baseUrl },
      body: JSON.stringify({ email: 'bench@example.test', password: 'correct horse battery' }),
    });
    if (register.status !== 201) throw new Error(`register answered ${register.status}`);
    const cookie = (register.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    printRow(
      'GET /api/auth/user',
      kind,
      await timeRequests(`${target.baseUrl}/api/auth/user`, { headers: { cookie } }),
    );
    printRow('GET /api/meta (no database)', kind, await timeRequests(`${target.baseUrl}/api/meta`, {}));
  } finally {
    await target.close();
  }
}
