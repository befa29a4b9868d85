// Package trace simulates what TRACING ON prints after a statement and keeps
// in system_traces: Cassandra's trace events for the statement's plan,
// placed on the simulated ring. The facade asks Of for each statement that
// ran under TRACING ON.
package trace

import (
	"strconv"
	"strings"
	"time"

	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/query"
	"github.com/cqlplay/cqlplay/engine/ring"
)

// Trace is what TRACING ON prints after a statement: the system_traces
// session Cassandra would write, as cqlsh's print_trace shows it
// (pylib/cqlshlib/tracing.py). cqlplay simulates it from the statement's
// plan on its ring: the coordinator (node 1, 127.0.0.1), the replicas a
// partition's token names, the partitions, live rows and tombstones read.
// The activities are the strings Cassandra 4.1 traces (Tracing.trace in
// QueryProcessor, StorageProxy, SinglePartitionReadCommand, ReadCommand,
// Keyspace, the messaging handlers); the times and message sizes are the
// simulation's, deterministic from the session's clock.
type Trace struct {
	// Session is the trace's session id, a timeuuid of its start.
	Session string
	// Started is the request's start, in microseconds since the epoch.
	Started int64
	// Duration is the request's, in microseconds.
	Duration int64
	Events   []Event
	// Note says, in the session's language, that the trace is simulated.
	Note string
}

// Event is one row of system_traces.events.
type Event struct {
	Activity string // description [thread], as cqlsh joins them
	At       int64  // microseconds since the epoch
	Source   string // the node's address
	Elapsed  int64  // source_elapsed: microseconds since the node began
}

const (
	traceClient = "127.0.0.1"
	threadNTR   = "Native-Transport-Requests-1"
	threadMsgC  = "Messaging-EventLoop-3-1"
	threadMsgR  = "Messaging-EventLoop-3-2"
	threadResp  = "RequestResponseStage-2"
)

// nodeAddr is node n's address: node 1, the coordinator, is 127.0.0.1.
func nodeAddr(n int) string { return "127.0.0." + strconv.Itoa(n) }

// peer is InetAddressAndPort.toString: /127.0.0.2:7000.
func peer(n int) string { return "/" + nodeAddr(n) + ":7000" }

// tracer writes a trace's events on one simulated timeline.
type tracer struct {
	tr    *Trace
	now   int64         // microseconds since the request began
	began map[int]int64 // when each replica began (its first message)
	rec   []query.TraceEvent
}

// at adds an event on node n, cost microseconds after the previous one.
func (t *tracer) at(n int, thread, activity string, cost int64) {
	t.now += cost
	elapsed := t.now
	if n != 1 {
		elapsed = t.now - t.began[n]
	}
	t.tr.Events = append(t.tr.Events, Event{Activity: activity + " [" + thread + "]", At: t.tr.Started + t.now, Source: nodeAddr(n), Elapsed: elapsed})
	t.rec = append(t.rec, query.TraceEvent{At: t.tr.Started + t.now, Node: n, Activity: activity, Thread: thread, Elapsed: elapsed})
}

// receive traces a message's arrival on replica n, which starts the
// replica's trace state afresh (its source_elapsed counts from there: a
// replica drops the state once it has responded).
func (t *tracer) receive(n int, verb string) {
	t.began[n] = t.now + 150
	t.at(n, threadMsgR, verb+"_REQ message received from "+peer(1), 180)
}

// Request is what cqlsh's request carries beside the statement, which
// system_traces.sessions keeps in its parameters.
type Request struct {
	// Consistency and Serial are the consistency levels set by CONSISTENCY
	// and SERIAL CONSISTENCY.
	Consistency, Serial string
	// PageSize is the page size under PAGING ON; 0: paging off.
	PageSize int
	// Lang is the language of the note that says the trace is simulated.
	Lang string
}

// Of simulates the trace of statement, which ran in db without an error
// and gave plan (and rows, when hasResult), and keeps it in db's
// system_traces; seed is the session's, for the trace's session id. It is
// nil for a statement the simulation does not trace: anything but a read or
// an unconditional write, or a read of system_traces (cqlsh's do_select
// turns tracing off for it).
func Of(db *query.DB, seed uint64, statement string, p *query.Plan, hasResult bool, req Request) *Trace {
	if p == nil || p.Kind == "write" && hasResult || strings.HasPrefix(p.Table, "system_traces.") {
		return nil
	}
	start := db.Clock - 1 // Exec has ticked past the statement
	seed |= 1
	id := cqltype.TimeUUIDAt(start*1000, uint16(seed>>48), seed|1<<40)
	tr := &Trace{Started: start, Session: cqltype.FormatUUID(id)}
	t := &tracer{tr: tr, began: map[int]int64{}}
	t.at(1, threadNTR, "Parsing "+statement+";", 120+int64(len(statement)))
	t.at(1, threadNTR, "Preparing statement", 60)
	table := p.Table[strings.IndexByte(p.Table, '.')+1:]
	rg := db.Ring
	switch {
	case p.Kind == "write":
		t.write(rg, table, p.Partitions)
	case p.Trace == nil:
		return nil
	case p.Kind == "single-partition" || p.Kind == "multi-partition":
		for _, r := range p.Trace.Reads {
			t.read(closest(rg.Replicas(r.Token)), table, p.Trace.Names, r)
		}
	default:
		t.scan(rg, p)
	}
	tr.Duration = t.now + 40
	tr.Note = traceNote(req.Lang, rg)
	// system_traces keeps it, with the parameters cqlsh's request carries
	// (QueryMessage.traceQuery): its consistency levels and page size.
	params := [][2]string{{"consistency_level", req.Consistency}}
	if req.PageSize > 0 {
		params = append(params, [2]string{"page_size", strconv.Itoa(req.PageSize)})
	}
	params = append(params, [2]string{"query", statement + ";"}, [2]string{"serial_consistency_level", req.Serial})
	db.Traces = append(db.Traces, query.TraceSession{ID: id, Started: start, Duration: tr.Duration, Params: params, Events: t.rec, Printed: tr})
	return tr
}

// closest is the replica a read at ONE asks: the coordinator when it holds
// the data, else the first replica.
func closest(replicas []int) int {
	for _, n := range replicas {
		if n == 1 {
			return 1
		}
	}
	return replicas[0]
}

// read traces one single-partition read on node n
// (SinglePartitionReadCommand.queryMemtableAndDisk), with the messages to
// and from n when it is not the coordinator (AbstractReadExecutor).
func (t *tracer) read(n int, table string, names bool, r query.PartitionRead) {
	thread := "ReadStage-2"
	if n != 1 {
		thread = "ReadStage-1"
		t.at(1, threadNTR, "reading data from "+peer(n), 20)
		t.at(1, threadMsgC, "Sending READ_REQ message to "+peer(n)+" message size "+strconv.Itoa(100+len(table))+" bytes", 30)
		t.receive(n, "READ")
	}
	t.at(n, thread, "Executing single-partition query on "+table, 40)
	t.at(n, thread, "Acquiring sstable references", 25)
	if names {
		t.at(n, thread, "Merging memtable contents", 30)
	} else {
		t.at(n, thread, "Skipped 0/0 non-slice-intersecting sstables, included 0 due to tombstones", 30)
		if r.Found {
			t.at(n, thread, "Merged data from memtables and 0 sstables", 20+int64(r.Live+r.Tombstones))
		}
	}
	t.at(n, thread, readLine(r.Live, r.Tombstones), 15)
	if n != 1 {
		t.respond(n, thread, "READ", 60+12*r.Live)
	}
}

// respond traces a replica's response to the coordinator and its receipt.
func (t *tracer) respond(n int, thread, verb string, size int) {
	t.at(n, thread, "Enqueuing response to "+peer(1), 15)
	t.at(n, threadMsgR, "Sending "+verb+"_RSP message to "+peer(1)+" message size "+strconv.Itoa(size)+" bytes", 25)
	t.at(1, threadMsgC, verb+"_RSP message received from "+peer(n), 180)
	t.at(1, threadResp, "Processing response from "+peer(n), 30)
}

// readLine is ReadCommand's MetricRecording line, with its warning suffix
// past tombstone_warn_threshold (1,000).
func readLine(live, tombstones int) string {
	s := "Read " + strconv.Itoa(live) + " live rows and " + strconv.Itoa(tombstones) + " tombstone cells"
	if tombstones > 1000 {
		s += " (see tombstone_warn_threshold)"
	}
	return s
}

// scan traces a range read (StorageProxy's RangeCommands, condensed to one
// range request per node contacted) and each node's seq scan
// (PartitionRangeReadCommand.queryStorage).
func (t *tracer) scan(rg *ring.Ring, p *query.Plan) {
	f := p.Trace
	t.at(1, threadNTR, "Computing ranges to query", 40)
	// An in-memory table has no sstables to estimate from: 0.0 rows per
	// range, hence a concurrency of 1.
	t.at(1, threadNTR, "Submitting range requests on "+strconv.Itoa(f.Ranges)+" ranges with a concurrency of 1 (0.0 rows per range expected)", 30)
	live, tombs := map[int]int{}, map[int]int{}
	for _, r := range f.Reads {
		n := rg.Replicas(r.Token)[0]
		live[n] += r.Live
		tombs[n] += r.Tombstones
	}
	for _, n := range p.Nodes {
		thread := "ReadStage-2"
		if n != 1 {
			thread = "ReadStage-1"
			t.at(1, threadMsgC, "Sending RANGE_REQ message to "+peer(n)+" message size "+strconv.Itoa(140+len(f.Range))+" bytes", 30)
		}
		t.at(1, threadNTR, "Submitted 1 concurrent range requests", 10)
		if n != 1 {
			t.receive(n, "RANGE")
		}
		if p.Kind != "index" {
			t.at(n, thread, "Executing seq scan across 0 sstables for "+f.Range, 40)
		}
		t.at(n, thread, readLine(live[n], tombs[n]), 30+int64(live[n]+tombs[n]))
		if n != 1 {
			t.respond(n, thread, "RANGE", 60+12*live[n])
		}
	}
}

// write traces a mutation of each partition (StorageProxy.mutate): sent to
// the remote replicas first, applied on the coordinator when it is one
// (Keyspace.applyInternal), then each remote replica's apply and response.
func (t *tracer) write(rg *ring.Ring, table string, tokens []int64) {
	t.at(1, threadNTR, "Determining replicas for mutation", 40)
	for _, tok := range tokens {
		replicas := rg.Replicas(tok)
		local := false
		for _, n := range replicas {
			if n == 1 {
				local = true
				continue
			}
			t.at(1, threadMsgC, "Sending MUTATION_REQ message to "+peer(n)+" message size "+strconv.Itoa(80+len(table))+" bytes", 30)
		}
		if local {
			t.at(1, threadNTR, "Appending to commitlog", 35)
			t.at(1, threadNTR, "Adding to "+table+" memtable", 25)
		}
		for _, n := range replicas {
			if n == 1 {
				continue
			}
			t.receive(n, "MUTATION")
			t.at(n, "MutationStage-1", "Appending to commitlog", 35)
			t.at(n, "MutationStage-1", "Adding to "+table+" memtable", 25)
			t.respond(n, "MutationStage-1", "MUTATION", 34)
		}
	}
}

// traceNote says the trace is simulated, in lang.
func traceNote(lang string, rg *ring.Ring) string {
	nodes, rf := strconv.Itoa(rg.Nodes), strconv.Itoa(rg.RF)
	if lang == "zh" {
		return "模拟的追踪：cqlplay 在它的 " + nodes + " 节点集群（复制因子 " + rf + "）上推演这条语句；活动文字与 Cassandra 4.1 的追踪一致，时间和消息大小只是示意。"
	}
	return "Simulated trace: cqlplay plays this statement on its " + nodes + "-node cluster (replication factor " + rf + "); the activities are Cassandra 4.1's trace lines, the times and message sizes are illustrative."
}

// Text is the trace as cqlsh prints it (tracing.print_trace): a blank line,
// "Tracing session: <id>", a blank line, the table of activity, timestamp,
// source, source_elapsed and client (the session's request first, "Request
// complete" last), and a blank line. Times are UTC, as Python's str of a
// datetime writes them.
func (tr *Trace) Text() string {
	rows := make([][]string, 0, len(tr.Events)+2)
	started := tr.Started / 1000 * 1000 // sessions.started_at is a timestamp: milliseconds
	rows = append(rows, []string{"Execute CQL3 query", pyDatetime(started), traceClient, "0", traceClient})
	for _, e := range tr.Events {
		rows = append(rows, []string{e.Activity, pyDatetime(e.At), e.Source, strconv.FormatInt(e.Elapsed, 10), traceClient})
	}
	rows = append(rows, []string{"Request complete", pyDatetime(started + tr.Duration), traceClient, strconv.FormatInt(tr.Duration, 10), traceClient})
	cols := []string{"activity", "timestamp", "source", "source_elapsed", "client"}
	widths := make([]int, len(cols))
	for i, c := range cols {
		widths[i] = cqltype.DisplayWidth(c)
	}
	for _, r := range rows {
		for i, v := range r {
			widths[i] = max(widths[i], cqltype.DisplayWidth(v))
		}
	}
	var b strings.Builder
	b.WriteString("\nTracing session: " + tr.Session + "\n\n ")
	var h strings.Builder
	for i, c := range cols {
		if i > 0 {
			h.WriteString(" | ")
		}
		h.WriteString(c + strings.Repeat(" ", widths[i]-cqltype.DisplayWidth(c)))
	}
	b.WriteString(strings.TrimRight(h.String(), " "))
	b.WriteString("\n-")
	for i, w := range widths {
		if i > 0 {
			b.WriteString("-+-")
		}
		b.WriteString(strings.Repeat("-", w))
	}
	b.WriteString("-\n")
	for _, r := range rows {
		for i, v := range r {
			if i > 0 {
				b.WriteString(" | ")
			} else {
				b.WriteByte(' ')
			}
			b.WriteString(strings.Repeat(" ", widths[i]-cqltype.DisplayWidth(v)) + v)
		}
		b.WriteByte('\n')
	}
	b.WriteByte('\n')
	return b.String()
}

// pyDatetime is Python's str of a naive datetime: microseconds only when
// not zero.
func pyDatetime(micros int64) string {
	t := time.UnixMicro(micros).UTC()
	s := t.Format("2006-01-02 15:04:05")
	if us := t.Nanosecond() / 1000; us != 0 {
		s += "." + strconv.Itoa(1000000 + us)[1:]
	}
	return s
}
