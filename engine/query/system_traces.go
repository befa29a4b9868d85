package query

import (
	"strconv"

	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/schema"
	"github.com/cqlplay/cqlplay/engine/store"
)

// TraceSession is one traced request as system_traces keeps it
// (TraceKeyspace.makeStartSessionMutation, makeStopSessionMutation and
// makeEventMutation): the engine records one for each statement TRACING ON
// traces, and system_traces.sessions and .events list them, as a client
// reads them to print a trace.
type TraceSession struct {
	ID       cqltype.Value // the session's timeuuid
	Started  int64         // microseconds since the epoch
	Duration int64         // microseconds
	// Params are the request's parameters (QueryMessage.traceQuery), by key.
	Params [][2]string
	Events []TraceEvent
	// Printed is what the session printed it as (the facade's *Trace), for
	// cqlsh's SHOW SESSION.
	Printed any
}

// TraceEvent is one row of system_traces.events.
type TraceEvent struct {
	At               int64 // microseconds since the epoch
	Node             int   // the node that traced it: 127.0.0.<Node>
	Activity, Thread string
	Elapsed          int64 // source_elapsed, microseconds
}

// systemTracesDDL declares system_traces' tables as 4.1's TraceKeyspace does.
var systemTracesDDL = map[string]string{
	"sessions": `CREATE TABLE system_traces.sessions (
    session_id uuid PRIMARY KEY,
    command text,
    client inet,
    coordinator inet,
    coordinator_port int,
    duration int,
    parameters map<text, text>,
    request text,
    started_at timestamp
) WITH comment = 'tracing sessions'`,
	"events": `CREATE TABLE system_traces.events (
    session_id uuid,
    event_id timeuuid,
    activity text,
    source inet,
    source_port int,
    source_elapsed int,
    thread text,
    PRIMARY KEY (session_id, event_id)
) WITH comment = 'tracing events'`,
}

// traceTTL is how long a trace is kept (tracetype_query_ttl's default, a
// day), in microseconds.
const traceTTL = 86400 * 1000000

// systemTracesTable returns system_traces.<name> rebuilt from the traces
// recorded so far (those written less than a day ago), or nil for a table
// the keyspace does not have.
func (db *DB) systemTracesTable(ks *schema.Keyspace, name string) *schema.Table {
	ddl, ok := systemTracesDDL[name]
	if !ok {
		return nil
	}
	w := db.refillSystemTable(ks, name, ddl)
	t := w.t
	local, _ := cqltype.ParseInet("127.0.0.1")
	port := cqltype.Int32Value(7000)
	for _, s := range db.Traces {
		if s.Started+traceTTL <= db.Clock {
			continue
		}
		if name == "sessions" {
			row := w.row([]cqltype.Value{s.ID}, map[string]cqltype.Value{
				"command":          cqltype.TextValue("QUERY"),
				"client":           local,
				"coordinator":      local,
				"coordinator_port": port,
				"duration":         cqltype.Int32Value(int32(s.Duration)),
				"request":          cqltype.TextValue("Execute CQL3 query"),
				"started_at":       cqltype.TimestampValue(s.Started / 1000),
			})
			params := int32(t.Column("parameters").ID)
			for _, kv := range s.Params {
				cell := store.Cell{Col: params, TS: db.Clock, Value: cqltype.TextValue(kv[1])}
				cell.SetPath(cqltype.TextValue(kv[0]))
				row.Write(cell)
			}
			continue
		}
		for i, e := range s.Events {
			// UUIDGen.getTimeUUID on the node, at the event's time.
			id := cqltype.TimeUUIDAt(e.At*1000+int64(i%10)*100, 0x1234, 0x0242ac110000+uint64(e.Node))
			source, _ := cqltype.ParseInet("127.0.0." + strconv.Itoa(e.Node))
			w.row([]cqltype.Value{s.ID, id}, map[string]cqltype.Value{
				"activity":       cqltype.TextValue(e.Activity),
				"source":         source,
				"source_port":    port,
				"source_elapsed": cqltype.Int32Value(int32(e.Elapsed)),
				"thread":         cqltype.TextValue(e.Thread),
			})
		}
	}
	ks.Tables[name] = t
	return t
}
