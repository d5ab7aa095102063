import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// API tests run once on PGlite and, when TEST_DATABASE_URL is set (CI), once more on PostgreSQL.
const apiProject = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['server/**/*.test.ts'],
    // *.pg.test.ts need a PostgreSQL server of their own (several processes on one database).
    exclude: db === 'pglite' ? ['server/**/*.pg.test.ts'] : [],
    environment: 'node',
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          include: ['common/**/*.test.ts', 'client/**/*.test.{ts,tsx}', 'vite-chunks.test.ts'],
          environment: 'happy-dom',
        },
      },
      apiProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
    ],
  },
});
