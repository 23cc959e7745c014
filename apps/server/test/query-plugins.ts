import type {
  CompiledQuery,
  Kysely,
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
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

/** Records the SQL of every query run through it, as `target`'s database receives it. */
export class QueryRecorder implements KyselyPlugin {
  queries: CompiledQuery[] = [];
  constructor(private readonly target: Kysely<Database>) {}
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.queries.push(this.target.getExecutor().compileQuery(args.node, args.queryId));
    return args.node;
  }
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}
