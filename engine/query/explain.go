package query

import (
	"strings"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/schema"
)

// explain adds to a failed statement's error the reason in terms of the
// storage layout (partition -> sorted clustering keys -> cells) and a fix to
// try: the page's Why view shows them beside Cassandra's message. Messages
// the playground has nothing to add to are left as they are.
func (db *DB) explain(stmt cql.Statement, err *cqlerr.Error) *cqlerr.Error {
	if err == nil || err.Why != "" {
		return err
	}
	t := db.statementTable(stmt)
	why, fix := explainMessage(t, stmt, err.Message)
	if why == "" {
		return err
	}
	e := *err
	e.Why, e.Fix = why, fix
	return &e
}

func (db *DB) statementTable(stmt cql.Statement) *schema.Table {
	var q cql.QualifiedName
	switch s := stmt.(type) {
	case *cql.Select:
		q = s.Table
	case *cql.Insert:
		q = s.Table
	case *cql.Update:
		q = s.Table
	case *cql.Delete:
		q = s.Table
	default:
		return nil
	}
	ks := db.Schema.Keyspaces[db.keyspaceOf(q)]
	if ks == nil {
		return nil
	}
	return ks.Tables[q.Name.Name]
}

// quoted returns the n-th "..." quoted name of a message.
func quoted(msg string, n int) string {
	parts := strings.Split(msg, "\"")
	if 2*n+1 < len(parts) {
		return parts[2*n+1]
	}
	return ""
}

func clusteringList(t *schema.Table) string {
	var names []string
	for _, c := range t.ClusteringCs {
		names = append(names, c.Name)
	}
	return "(" + strings.Join(names, ", ") + ")"
}

func partitionList(t *schema.Table) string {
	var names []string
	for _, c := range t.PartitionKey {
		names = append(names, c.Name)
	}
	return strings.Join(names, ", ")
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "1st"
	case 2:
		return "2nd"
	case 3:
		return "3rd"
	}
	return itoa(n) + "th"
}

func explainMessage(t *schema.Table, stmt cql.Statement, msg string) (why, fix string) {
	switch {
	case strings.HasSuffix(msg, "is not restricted") && strings.HasPrefix(msg, "PRIMARY KEY column"):
		later, first := quoted(msg, 0), quoted(msg, 1)
		pos := ""
		if t != nil {
			if c := t.Column(later); c != nil {
				pos = " is the " + ordinal(c.Position+1) + " clustering column"
			}
		}
		order := ""
		if t != nil {
			order = " Inside a partition rows are sorted by " + clusteringList(t) + "."
		}
		why = later + pos + "; " + first + ", before it, is not restricted." + order + " Without a value for " + first + ", the rows that match on " + later + " are spread across the partition, not one contiguous slice Cassandra can read in one pass."
		fix = "Restrict " + first + " too (" + first + " = ... or IN (...)), or build a table whose clustering key starts with " + later + ". ALLOW FILTERING would read the whole partition and discard rows."
	case strings.HasPrefix(msg, "Clustering column") && strings.Contains(msg, "is restricted by a non-EQ relation"),
		strings.HasPrefix(msg, "PRIMARY KEY column") && strings.Contains(msg, "is restricted by a non-EQ relation"):
		later, first := quoted(msg, 0), quoted(msg, 1)
		why = first + " is restricted by a range, so the slice spans several values of " + first + ". Within it the values of " + later + " start over for each " + first + ": they are not sorted across the slice, so a condition on " + later + " cannot narrow it to one contiguous run of rows."
		fix = "Use = or IN on " + first + " and keep the range for " + later + ", or filter " + later + " in your application, or model a table clustered by " + later + " first."
	case msg == msgAllowFiltering:
		return explainFiltering(t, stmt)
	case strings.HasPrefix(msg, "Some partition key parts are missing"):
		why = "A write goes to exactly one partition (or the few an IN names): Cassandra needs every partition key column (" + partitionListOrEmpty(t) + ") with = to compute the token that says which nodes store it."
		fix = "Give every partition key column a value with = (or IN for UPDATE and DELETE)."
	case strings.HasPrefix(msg, "Some clustering keys are missing"):
		why = "An INSERT or UPDATE writes one row, and a row is named by its full clustering key " + clusteringListOrEmpty(t) + " inside its partition."
		fix = "Give every clustering column a value with =. To change many rows, write each one (or delete a range with DELETE)."
	case strings.HasPrefix(msg, "Order by") || strings.HasPrefix(msg, "ORDER BY") || msg == "Unsupported order by relation":
		why = "Rows come off disk in clustering order " + clusteringListOrEmpty(t) + " (DESC columns reversed). ORDER BY can only read that order forwards or backwards, inside partitions named by = or IN."
		fix = "Order by the clustering columns in their declared order, all in the declared direction or all reversed; to sort by anything else, create a table clustered that way."
	case strings.HasPrefix(msg, "Cannot execute this query") == false && strings.HasPrefix(msg, "Invalid ") && strings.Contains(msg, " constant ("):
		why = "The literal's kind (string, integer, float, uuid, blob, ...) cannot be converted to the column's type. Quoted values are strings; numbers, uuids and 0x blobs are written without quotes."
		fix = "Write the value as a literal of the column's type."
	case strings.HasPrefix(msg, "Undefined column name"):
		why = "The table has no such column. Unquoted names are lower-cased; \"Quoted\" names keep their case."
		fix = "Check the spelling against DESCRIBE TABLE, or ALTER TABLE ... ADD the column."
	case strings.HasPrefix(msg, "table ") && strings.HasSuffix(msg, " does not exist"), strings.HasPrefix(msg, "unconfigured table"):
		why = "No table of that name exists in the current keyspace (or the keyspace named)."
		fix = "Create it first, or check the name with DESCRIBE TABLES."
	}
	return why, fix
}

func partitionListOrEmpty(t *schema.Table) string {
	if t == nil {
		return "the partition key"
	}
	return partitionList(t)
}

func clusteringListOrEmpty(t *schema.Table) string {
	if t == nil || len(t.ClusteringCs) == 0 {
		return ""
	}
	return clusteringList(t)
}

// explainFiltering says which part of the query would make Cassandra scan.
func explainFiltering(t *schema.Table, stmt cql.Statement) (why, fix string) {
	s, ok := stmt.(*cql.Select)
	if !ok || t == nil {
		return "", ""
	}
	restricted := map[string]bool{}
	var regular []string
	for _, r := range s.Where {
		for _, c := range r.Columns {
			restricted[c.Name] = true
			if col := t.Column(c.Name); col != nil && !col.IsPrimaryKey() {
				regular = append(regular, c.Name)
			}
		}
	}
	var missing []string
	for _, c := range t.PartitionKey {
		if !restricted[c.Name] {
			missing = append(missing, c.Name)
		}
	}
	switch {
	case len(regular) > 0:
		why = strings.Join(regular, ", ") + " is not part of the primary key: nothing in the layout is sorted or grouped by it, so finding matching rows means reading rows and throwing away those that do not match."
		fix = "Query by the partition key (and clustering columns), or create a table (or an index) keyed by " + regular[0] + ". ALLOW FILTERING runs it by reading everything the rest of the WHERE clause selects."
	case len(missing) > 0:
		why = "The partition key (" + partitionList(t) + ") is not fully restricted by = or IN, so Cassandra cannot compute a token: it would have to visit every partition on every node and filter them."
		fix = "Give every partition key column (" + strings.Join(missing, ", ") + " missing) a value with = or IN, or model a table partitioned by what you query. ALLOW FILTERING scans the whole table."
	default:
		why = "The restrictions cannot be served by one slice of each partition, so rows would be read and then filtered."
		fix = "Restrict the partition key with = and the clustering columns as a prefix, or add ALLOW FILTERING if the scan is small."
	}
	return why, fix
}
