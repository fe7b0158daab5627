/*
 * Which engines a benchmark measures: BENCH_ENGINES (default `sqlite,postgres`), less PostgreSQL
 * when nothing answers at BENCH_DATABASE_URL (default the local server's `postgres` database).
 */
import pg from 'pg';
import type { BenchEngine } from './marketplace';

process.env.BENCH_DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function enginesToMeasure(): Promise<BenchEngine[]> {
  const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',') as BenchEngine[];
  if (engines.includes('postgres') && !(await postgresAnswers())) {
    engines.splice(engines.indexOf('postgres'), 1);
    console.log(`PostgreSQL skipped: nothing answers at ${process.env.BENCH_DATABASE_URL}`);
  }
  return engines;
}
