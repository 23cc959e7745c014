import {
  CompiledQuery,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { Database } from '../src/db/schema';

/** Counts the queries (and the subqueries built on it) run through a database it is plugged into. */
export class QueryCounter implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.count += 1;
    return args.node;
  }
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

/**
 * Records the SQL of every query run through it, as `target`'s database receives it: in
 * `queries` every query built (subqueries too), in `executed` the statements the database ran.
 */
export class QueryRecorder implements KyselyPlugin {
  queries: CompiledQuery[] = [];
  executed: CompiledQuery[] = [];
  readonly #byId = new Map<string, CompiledQuery>();
  constructor(private readonly target: Kysely<Database>) {}
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const query = this.target.getExecutor().compileQuery(args.node, args.queryId);
    this.queries.push(query);
    this.#byId.set(args.queryId.queryId, query);
    return args.node;
  }
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const query = this.#byId.get(args.queryId.queryId);
    if (query) this.executed.push(query);
    return Promise.resolve(args.result);
  }
}

/**
 * The plans of the statements `read` runs through `db` (EXPLAIN on PostgreSQL, EXPLAIN QUERY
 * PLAN on SQLite), one string a statement, a line a step.
 */
export async function plansOfStatements<T>(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  read: (recorded: Kysely<Database>) => Promise<T>,
): Promise<{ plans: string[]; answer: T }> {
  const recorder = new QueryRecorder(db);
  const answer = await read(db.withPlugin(recorder));
  const plans: string[] = [];
  for (const query of recorder.executed) {
    const explain = dialect === 'postgres' ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN';
    const { rows } = await db.executeQuery<Record<string, string>>(
      CompiledQuery.raw(`${explain} ${query.sql}`, [...query.parameters]),
    );
    plans.push(rows.map((row) => row['QUERY PLAN'] ?? row.detail).join('\n'));
  }
  return { plans, answer };
}
