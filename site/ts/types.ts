// The result contract, as the wasm bridge
// hands it over: one Outcome per statement. Error positions are UTF-16. The
// keys of Outcome, CqlError and Plan, and which are optional, are checked
// below against the engine's encoder (contract.gen.ts): tsc fails when they
// differ.

import type { CqlErrorKey, CqlErrorRequiredKey, LayoutForm, Version, OutcomeKey, OutcomeRequiredKey, PlanKey, PlanRequiredKey } from "./contract.gen";

export interface CqlError {
  code: string;
  message: string;
  /** The error as cqlsh prints it, e.g. "InvalidRequest: Error from server: ...". */
  cqlsh: string;
  line?: number;
  column?: number;
  offset?: number;
  length?: number;
  why?: string;
  fix?: string;
}

export interface Plan {
  kind: string;
  table: string;
  partitionsRead: number;
  rowsRead: number;
  rowsReturned: number;
  cellsRead: number;
  tombstonesScanned: number;
  filtering: boolean;
  index: string;
  allPartitions: boolean;
  partitions: string[];
  nodes: number[];
}

export interface Outcome {
  statement: string;
  line: number;
  columns?: string[];
  rows?: string[][];
  nulls?: [number, number][];
  text?: string;
  warnings: string[];
  error?: CqlError;
  plan?: Plan;
  /** Under TRACING ON: the simulated trace (engine/trace.go). */
  trace?: Trace;
}

export interface Trace {
  session: string;
  note: string;
  text: string;
}

/** The keys of T that are not optional. */
type Required<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type ContractChecked = [
  Assert<Same<keyof Outcome, OutcomeKey>>,
  Assert<Same<Required<Outcome>, OutcomeRequiredKey>>,
  Assert<Same<keyof CqlError, CqlErrorKey>>,
  Assert<Same<Required<CqlError>, CqlErrorRequiredKey>>,
  Assert<Same<keyof Plan, PlanKey>>,
  Assert<Same<Required<Plan>, PlanRequiredKey>>,
];

// The interface strings, from the page's data-ui: build/ui Text, its
// TypeScript generated from the fields' JSON names (contract.gen.ts).
export type { UI } from "./contract.gen";

// Messages between the page and the worker. A run keeps its session open in
// the worker (one per key, until the key's next run), so that a view opened
// later, or completion, is answered from the same session without running
// the script again.
export type ToWorker =
  | { type: "run"; id: number; key: string; version: Version; lang: string; prelude: string[]; script: string; checks: Checks | null; timeoutMs: number; forms: LayoutForm[]; caretLine: number; names: boolean; open: string[] }
  | { type: "layout"; id: number; key: string; form: string; open: string[] }
  | { type: "layoutAt"; id: number; key: string; form: string; statement: number; open: string[] } // statement -f: after the -- @fill on line f
  | { type: "more"; id: number; key: string; form: string; statement: number | null; open: string[]; partition: string; rows: number }
  | { type: "names"; id: number; key: string };

/**
 * An exercise's checks (build/lesson/exercise.go, checks.go): after the
 * script, the worker writes the data and runs each check's script on its
 * own, in the same session and in order. Where tables[i] names a table (a
 * bound), that check's reply is the run's reply, a NUL, and the table's
 * summary layout (a NUL never occurs in JSON text).
 */
export interface Checks {
  data: string;
  queries: string[];
  tables?: string[];
}

/** The worker's answer to a run, layout or names request; session 0: the key has no session (the worker was restarted). */
export interface Reply {
  type: "reply";
  id: number;
  session: number; // the run id whose session answered
  json: string; // a run's outcomes
  checks: string[] | null; // an exercise's: the data's outcomes, then each query's
  layouts: Record<string, string>; // layout form -> the bridge's JSON reply
  names: string[] | null; // table and column names, when asked
  ms: number;
  // When the worker took the request and when it posted this reply, on the
  // shared clock (performance.timeOrigin + now): with the page's own times
  // they split a request's wall time into its hops (engine.ts Hops).
  began: number;
  ended: number;
}

/** What the worker says; with "module" it hands over the compiled engine, which the page's own engine instantiates (inline.ts). */
export type FromWorker = { type: "started" } | { type: "ready"; ms: number } | { type: "module"; module: WebAssembly.Module } | { type: "warm" } | { type: "failed"; error: string } | Reply;

// The engine's "map" and "summary" layout models (engine/layout, its JSON),
// which the Storage, Sizes and Model views draw (storage.ts, sizes.ts).
export interface LValue {
  text: string;
  hex?: string;
}

export interface KeyColumn {
  name: string;
  type: string;
  desc?: boolean;
}

export interface Deletion {
  markedAt: number;
}

export interface LRow {
  clustering: LValue[];
  marker?: { timestamp: number; ttl?: number; expired?: boolean };
  deletion?: Deletion;
  live: boolean;
  cells: { column: string; kind: string; path?: LValue; value?: LValue; timestamp: number; ttl?: number }[];
}

export interface LPartition {
  token: string;
  key: LValue[];
  deletion?: Deletion;
  static?: LRow;
  rows: LRow[];
  /** Rows a bounded layout left out, from index omittedAt of rows on (bounded.ts). */
  omitted?: number;
  omittedAt?: number;
  ranges: { start: LayoutBound; end: LayoutBound; deletion: Deletion }[];
  replicas: number[];
  bytes: number; // the estimated serialized size (engine/layout/size.go)
  liveRows: number;
}

export interface LayoutBound {
  clustering: LValue[];
  inclusive: boolean;
}

export interface LayoutModel {
  tables: {
    keyspace: string;
    name: string;
    partitionKey: KeyColumn[];
    clustering: KeyColumn[];
    staticColumns?: KeyColumn[];
    regularColumns?: KeyColumn[];
    partitions: LPartition[];
    /** Partitions a bounded layout left out after those listed (bounded.ts). */
    omittedPartitions?: number;
  }[];
  ring?: { loads: { node: number; partitions: number; rows: number; bytes: number }[]; meanBytes: number };
}
