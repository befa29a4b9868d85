package layout

import "strconv"

// maxListed bounds the partitions listed under each node in the ring text.
const maxListed = 20

// Text renders the ring for the command line: each node with its share of
// the token space and of the data, the partitions it holds, the most loaded
// node against the mean, the hot partitions, and every vnode range.
func (r *Ring) Text() string {
	var b []byte
	b = append(b, "ring: "...)
	b = plural(b, r.Nodes, "node", "nodes")
	b = append(b, ", "...)
	b = plural(b, r.VNodes, "vnode", "vnodes")
	b = append(b, " each, replication factor "...)
	b = strconv.AppendInt(b, int64(r.RF), 10)
	b = append(b, '\n')
	total := 0 // every partition once, whatever the replication factor
	for _, p := range r.Partitions {
		total += p.Bytes
	}
	for _, l := range r.Loads {
		b = append(b, "node "...)
		b = strconv.AppendInt(b, int64(l.Node), 10)
		b = append(b, ": owns "...)
		b = strconv.AppendFloat(b, l.Ownership*100, 'f', 1, 64)
		b = append(b, "% of the token space; "...)
		b = plural(b, l.Partitions, "partition", "partitions")
		b = append(b, ", "...)
		b = plural(b, l.Rows, "row", "rows")
		b = append(b, ", "...)
		b = plural(b, l.Bytes, "byte", "bytes")
		b = append(b, '\n')
		listed := 0
		for _, p := range r.Partitions {
			if !containsNode(p.Replicas, l.Node) {
				continue
			}
			if listed == maxListed {
				b = append(b, "  ... and "...)
				b = strconv.AppendInt(b, int64(l.Partitions-listed), 10)
				b = append(b, " more\n"...)
				break
			}
			listed++
			b = append(b, "  "...)
			b = appendPlacement(b, &p)
			b = append(b, '\n')
		}
	}
	if r.MostLoaded > 0 {
		l := r.Loads[r.MostLoaded-1]
		b = append(b, "most loaded: node "...)
		b = strconv.AppendInt(b, int64(l.Node), 10)
		b = append(b, " with "...)
		b = plural(b, l.Bytes, "byte", "bytes")
		b = append(b, ", "...)
		b = strconv.AppendFloat(b, float64(l.Bytes)/r.MeanBytes, 'f', 2, 64)
		b = append(b, "x the mean of "...)
		b = strconv.AppendFloat(b, r.MeanBytes, 'f', 1, 64)
		b = append(b, " bytes per node\n"...)
	}
	if len(r.Hot) > 0 {
		b = append(b, "hot partitions:\n"...)
		for _, p := range r.Hot {
			b = append(b, "  "...)
			b = appendPlacement(b, &p)
			if total > 0 {
				b = append(b, ", "...)
				b = strconv.AppendFloat(b, float64(p.Bytes)*100/float64(total), 'f', 1, 64)
				b = append(b, "% of the data"...)
			}
			b = append(b, ", on nodes "...)
			b = appendIntList(b, p.Replicas)
			b = append(b, '\n')
		}
	}
	if len(r.Partitions) > 1 && r.Nodes > r.RF && r.Hot[0].Bytes*2 > total {
		p := r.Hot[0]
		b = append(b, "note: "...)
		b = append(b, p.Table...)
		b = append(b, ' ')
		b = append(b, p.Key...)
		b = append(b, " holds more than half of the data, so its replicas "...)
		b = appendIntList(b, p.Replicas)
		b = append(b, " serve most reads and writes while the other nodes idle: a partition key with few distinct values, or a time bucket every write goes to, concentrates the load this way\n"...)
	}
	b = append(b, "vnode ranges (start, end] -> node:\n"...)
	for _, tr := range r.Ranges {
		b = append(b, "  ("...)
		b = strconv.AppendInt(b, tr.Start, 10)
		b = append(b, ", "...)
		b = strconv.AppendInt(b, tr.End, 10)
		b = append(b, "] -> node "...)
		b = strconv.AppendInt(b, int64(tr.Node), 10)
		b = append(b, '\n')
	}
	return string(b)
}

func appendPlacement(b []byte, p *Placement) []byte {
	b = append(b, p.Table...)
	b = append(b, ' ')
	b = append(b, p.Key...)
	b = append(b, " (token "...)
	b = strconv.AppendInt(b, p.Token, 10)
	b = append(b, "): "...)
	b = plural(b, p.Rows, "row", "rows")
	b = append(b, ", "...)
	return plural(b, p.Bytes, "byte", "bytes")
}

func containsNode(xs []int, n int) bool {
	for _, x := range xs {
		if x == n {
			return true
		}
	}
	return false
}
