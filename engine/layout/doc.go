// Package layout shows what the simulated cluster stores, in the forms a
// Cassandra user meets it:
//
//   - the map model (Model): token -> partition key -> clustering key ->
//     cells, in storage order, with every value as cqlsh prints it and as hex
//     bytes, write timestamps, TTLs, expiries and every tombstone; per
//     partition its token, a size estimate and its replicas. It has a
//     hand-written JSON encoder (AppendJSON) for the page, which draws it, and
//     a text rendering (Tree) for the command line;
//   - the legacy cassandra-cli listing (CLI), as the seed articles print it:
//     `RowKey: a:b` and `=> (column=c1:c2:name, value=<hex>, timestamp=...)`;
//   - the JSON sstabledump prints for a 3.x/4.x sstable (Sstabledump), as if
//     the memtable were flushed now, with Jackson's pretty printer emulated
//     call for call so the whitespace is the tool's own;
//   - the ring (BuildRing, Ring.Text): nodes, their vnode token ranges, the
//     partitions and bytes each holds, the most loaded node against the mean
//     and the hot partitions.
//
// It only reads: building a view never changes the store. Shadowed data was
// purged by the store at write time; tombstones stay until compaction, and
// expired TTL cells stay stored and show as expired. Cells of dropped columns
// are never read again by Cassandra and are left out here too.
//
// Like every engine package it avoids fmt and encoding/json: the engine is
// compiled to WebAssembly and each such package costs download bytes.
package layout
