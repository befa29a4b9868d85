// Package explain holds the playground's teaching, in every language it
// speaks: the Why and the Fix of a failed statement, found by the rule its
// error records (cqlerr.Error.For), and the modeling advice the executor
// gives as warnings, found by their rule (query.Advice). The facade asks it
// for each error and each piece of advice in the session's language, so
// the executor only says which rule and with what values.
package explain

import (
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/query"
	"github.com/cqlplay/cqlplay/engine/schema"
)

// Error adds to a failed statement's error the reason in terms of the
// storage layout (partition -> sorted clustering keys -> cells) and a fix to
// try, in lang (one of Languages; any other explains in English): the
// page's Why view shows them beside Cassandra's message. They are looked up
// by the rule the error enforces; errors of rules the playground has
// nothing to add to are left as they are. t is the table stmt names (nil
// when it names none that exists).
func Error(err *cqlerr.Error, stmt cql.Statement, t *schema.Table, lang string) *cqlerr.Error {
	if err == nil || err.Why != "" {
		return err
	}
	ex, ok := explanations[err.Rule]
	if !ok {
		return err
	}
	c := &explainCtx{t: t, stmt: stmt, args: err.Args}
	why, fix := ex.en(c)
	if lang == "zh" {
		why, fix = ex.zh(c)
	}
	if why == "" {
		return err
	}
	e := *err
	e.Why, e.Fix = why, fix
	return &e
}

// Language picks, for a language tag ("zh-Hans", a page's <html lang>),
// the language of Languages its primary subtag names, or English.
func Language(tag string) string {
	primary, _, _ := strings.Cut(strings.ToLower(tag), "-")
	for _, l := range Languages {
		if l == primary {
			return l
		}
	}
	return "en"
}

// Languages are the languages the explanations are written in; a session in
// any other language explains in English.
var Languages = []string{"en", "zh"}

// explanation is one rule's Why and Fix, in each language.
type explanation struct {
	en, zh func(c *explainCtx) (why, fix string)
}

// explainCtx is what an explanation may use: the statement's table (nil when
// it names none that exists), the statement, and the error's Args.
type explainCtx struct {
	t    *schema.Table
	stmt cql.Statement
	args []string
}

func (c *explainCtx) arg(i int) string {
	if i < len(c.args) {
		return c.args[i]
	}
	return ""
}

// explanations holds, for each rule the playground explains, the text in
// English and in Chinese side by side. TestExplanationsInEveryLanguage checks
// that both are there and say something.
var explanations = map[cqlerr.Rule]explanation{
	query.RuleClusteringSkipped: {
		en: func(c *explainCtx) (string, string) {
			later, first := c.arg(0), c.arg(1)
			pos, order := "", ""
			if c.t != nil {
				if col := c.t.Column(later); col != nil {
					pos = " is the " + ordinal(col.Position+1) + " clustering column"
				}
				order = " Inside a partition rows are sorted by " + clusteringList(c.t) + "."
			}
			return later + pos + "; " + first + ", before it, is not restricted." + order + " Without a value for " + first + ", the rows that match on " + later + " are spread across the partition, not one contiguous slice Cassandra can read in one pass.",
				"Restrict " + first + " too (" + first + " = ... or IN (...)), or build a table whose clustering key starts with " + later + ". ALLOW FILTERING would read the whole partition and discard rows."
		},
		zh: func(c *explainCtx) (string, string) {
			later, first := c.arg(0), c.arg(1)
			pos, order := "", ""
			if c.t != nil {
				if col := c.t.Column(later); col != nil {
					pos = " 是第 " + strconv.Itoa(col.Position+1) + " 个聚簇列"
				}
				order = "分区内的行按 " + clusteringList(c.t) + " 排序。"
			}
			return later + pos + "，而排在它前面的 " + first + " 没有被限制。" + order + "不给出 " + first + " 的值，" + later + " 匹配的行就散落在整个分区里，而不是 Cassandra 一次就能读完的一段连续切片。",
				"把 " + first + " 也限制住（" + first + " = ... 或 IN (...)），或者另建一张聚簇键以 " + later + " 开头的表。ALLOW FILTERING 会读完整个分区再丢掉不匹配的行。"
		},
	},
	query.RuleAfterSlice: {
		en: func(c *explainCtx) (string, string) {
			later, first := c.arg(0), c.arg(1)
			return first + " is restricted by a range, so the slice spans several values of " + first + ". Within it the values of " + later + " start over for each " + first + ": they are not sorted across the slice, so a condition on " + later + " cannot narrow it to one contiguous run of rows.",
				"Use = or IN on " + first + " and keep the range for " + later + ", or filter " + later + " in your application, or model a table clustered by " + later + " first."
		},
		zh: func(c *explainCtx) (string, string) {
			later, first := c.arg(0), c.arg(1)
			return first + " 被一个范围限制，所以这段切片跨越了 " + first + " 的多个取值。在切片里，" + later + " 的值在每个 " + first + " 之内都重新开始排序：它们在整段切片上并不有序，所以 " + later + " 上的条件无法把它缩小成一段连续的行。",
				"对 " + first + " 用 = 或 IN，把范围留给 " + later + "；或者在应用里过滤 " + later + "；或者另建一张先按 " + later + " 聚簇的表。"
		},
	},
	query.RuleNeedsFiltering: {en: explainFilteringEN, zh: explainFilteringZH},
	cqltype.RuleZoneNotEmbedded: {
		en: func(c *explainCtx) (string, string) {
			return "Cassandra reads every zone of the IANA time zone database: if " + c.arg(0) + " is one, it stores this timestamp. cqlplay runs in your browser without that database: it knows only these named zones: " + c.arg(1) + ".",
				"Write the zone's offset instead (for example '2026-01-01 10:00:00+0545'), or name one of the zones above."
		},
		zh: func(c *explainCtx) (string, string) {
			return "Cassandra 认识 IANA 时区数据库里的所有时区：如果 " + c.arg(0) + " 是其中之一，它会接受这个时间戳。cqlplay 在浏览器里运行，没有带上这个数据库，只认识这些命名时区：" + c.arg(1) + "。",
				"改写成该时区的偏移量（例如 '2026-01-01 10:00:00+0545'），或者使用上面列出的时区。"
		},
	},
	query.RulePartitionKeyMissing: {
		en: func(c *explainCtx) (string, string) {
			return "A write goes to exactly one partition (or the few an IN names): Cassandra needs every partition key column (" + partitionListOr(c.t, "the partition key") + ") with = to compute the token that says which nodes store it.",
				"Give every partition key column a value with = (or IN for UPDATE and DELETE)."
		},
		zh: func(c *explainCtx) (string, string) {
			return "一次写入只落在一个分区（或者 IN 列出的那几个分区）：Cassandra 需要用 = 给出分区键的每一列（" + partitionListOr(c.t, "分区键") + "），才能算出令牌，知道由哪些节点保存它。",
				"用 = 给分区键的每一列一个值（UPDATE 和 DELETE 也可以用 IN）。"
		},
	},
	query.RuleClusteringKeyMissing: {
		en: func(c *explainCtx) (string, string) {
			return "An INSERT or UPDATE writes one row, and a row is named by its full clustering key " + clusteringListOrEmpty(c.t) + " inside its partition.",
				"Give every clustering column a value with =. To change many rows, write each one (or delete a range with DELETE)."
		},
		zh: func(c *explainCtx) (string, string) {
			return "INSERT 或 UPDATE 写的是一行，而分区里的一行由它完整的聚簇键 " + clusteringListOrEmpty(c.t) + " 来命名。",
				"用 = 给每个聚簇列一个值。要修改多行，就逐行写入（或者用 DELETE 删除一个范围）。"
		},
	},
	query.RuleOrderBy: {
		en: func(c *explainCtx) (string, string) {
			return "Rows come off disk in clustering order " + clusteringListOrEmpty(c.t) + " (DESC columns reversed). ORDER BY can only read that order forwards or backwards, inside partitions named by = or IN.",
				"Order by the clustering columns in their declared order, all in the declared direction or all reversed; to sort by anything else, create a table clustered that way."
		},
		zh: func(c *explainCtx) (string, string) {
			return "行按聚簇顺序 " + clusteringListOrEmpty(c.t) + " 从磁盘读出（DESC 列反向）。ORDER BY 只能在用 = 或 IN 指定的分区之内，正着或倒着读这个顺序。",
				"按声明的顺序对聚簇列排序，要么全部按声明的方向，要么全部反过来；要按别的东西排序，就建一张按那个顺序聚簇的表。"
		},
	},
	query.RuleRegularInWriteWhere: {
		en: func(c *explainCtx) (string, string) {
			cols := strings.Join(c.args, ", ")
			return "A write goes to an address, the partition key and then the clustering columns. " + cols + " is a value stored at such an address, not part of it, so it cannot say which rows to change: finding them would mean reading first, and writes never read.",
				"Name the rows by their primary key. To change rows by " + cols + ", find their keys first (with a table keyed by " + cols + "), then write each one."
		},
		zh: func(c *explainCtx) (string, string) {
			cols := strings.Join(c.args, "、")
			return "写入是写到一个地址上的：先是分区键，再是聚簇列。" + cols + " 是存放在这种地址上的值，而不是地址的一部分，所以它不能指明要修改哪些行：要找到这些行就得先读，而写入从不先读。",
				"用主键指明要修改的行。要按 " + cols + " 修改行，先找出它们的键（用一张以 " + cols + " 为键的表），再逐行写入。"
		},
	},
	query.RuleDistinctColumns: {
		en: func(c *explainCtx) (string, string) {
			return "SELECT DISTINCT lists partitions, not rows: it reads one entry per partition, which holds the partition key and the static columns, and nothing of the rows inside. " + partitionKeyClause(c.t, "en"),
				"Select the whole partition key (and static columns) with DISTINCT, or drop DISTINCT to read rows."
		},
		zh: func(c *explainCtx) (string, string) {
			return "SELECT DISTINCT 列出的是分区而不是行：它对每个分区只读一个条目，里面有分区键和静态列，而没有分区内的任何行。" + partitionKeyClause(c.t, "zh"),
				"DISTINCT 后面选择完整的分区键（以及静态列），或者去掉 DISTINCT 来读取行。"
		},
	},
	query.RuleOrderByWithIn: {
		en: func(c *explainCtx) (string, string) {
			return "IN on the partition key reads several partitions, each in its own clustering order. ORDER BY across them needs every row on the coordinator to sort, which a paged query (cqlsh and the drivers page by default) cannot do.",
				"Drop ORDER BY and sort in the application, query each partition on its own, or turn paging off for this query."
		},
		zh: func(c *explainCtx) (string, string) {
			return "分区键上的 IN 会读取多个分区，每个分区有各自的聚簇顺序。跨分区的 ORDER BY 需要把所有行都放到协调节点上排序，而分页查询（cqlsh 和驱动默认都分页）做不到这一点。",
				"去掉 ORDER BY，在应用里排序；或者对每个分区单独查询；或者为这个查询关闭分页。"
		},
	},
	query.RuleViewKeyNotNull: {
		en: func(c *explainCtx) (string, string) {
			cols := strings.Join(c.args, ", ")
			return "A view is a table Cassandra writes for you: each base row is copied to the view row its key columns address. A base row with a null in " + cols + " would have no address in the view, so every column of the view's primary key must be declared IS NOT NULL.",
				"Add " + cols + " IS NOT NULL to the view's WHERE clause (every column of its PRIMARY KEY needs it)."
		},
		zh: func(c *explainCtx) (string, string) {
			cols := strings.Join(c.args, "、")
			return "视图是 Cassandra 替你写的一张表：每一行基表数据都被复制到视图里由其键列确定的那一行。如果基表的某一行在 " + cols + " 上是 null，它在视图里就没有地址，所以视图主键的每一列都必须声明 IS NOT NULL。",
				"在视图的 WHERE 子句里加上 " + cols + " IS NOT NULL（视图 PRIMARY KEY 的每一列都需要）。"
		},
	},
	cqltype.RuleLiteralKind: {
		en: func(c *explainCtx) (string, string) {
			return "The literal's kind (string, integer, float, uuid, blob, ...) cannot be converted to the column's type. Quoted values are strings; numbers, uuids and 0x blobs are written without quotes.",
				"Write the value as a literal of the column's type."
		},
		zh: func(c *explainCtx) (string, string) {
			return "这个字面量的种类（字符串、整数、浮点数、uuid、blob……）不能转换成这一列的类型。带引号的值是字符串；数字、uuid 和 0x 开头的 blob 都不加引号。",
				"按这一列的类型来写这个值。"
		},
	},
	query.RuleUndefinedColumn: {
		en: func(c *explainCtx) (string, string) {
			return "The table has no such column. Unquoted names are lower-cased; \"Quoted\" names keep their case.",
				"Check the spelling against DESCRIBE TABLE, or ALTER TABLE ... ADD the column."
		},
		zh: func(c *explainCtx) (string, string) {
			return "这张表没有这一列。不带引号的名字会被转成小写；带 \"双引号\" 的名字保留大小写。",
				"用 DESCRIBE TABLE 核对拼写，或者用 ALTER TABLE ... ADD 加上这一列。"
		},
	},
	query.RuleUnknownTable: {
		en: func(c *explainCtx) (string, string) {
			return "No table of that name exists in the current keyspace (or the keyspace named).",
				"Create it first, or check the name with DESCRIBE TABLES."
		},
		zh: func(c *explainCtx) (string, string) {
			return "当前 keyspace（或者语句指定的 keyspace）里没有这个名字的表。",
				"先创建它，或者用 DESCRIBE TABLES 核对表名。"
		},
	},
}

// partitionKeyClause names the table's partition key, in lang, or says nothing.
func partitionKeyClause(t *schema.Table, lang string) string {
	if t == nil {
		return ""
	}
	if lang == "zh" {
		return "这张表的分区键是 (" + partitionListOr(t, "") + ")。"
	}
	return "This table's partition key is (" + partitionListOr(t, "") + ")."
}

func clusteringList(t *schema.Table) string {
	var names []string
	for _, c := range t.ClusteringCs {
		names = append(names, c.Name)
	}
	return "(" + strings.Join(names, ", ") + ")"
}

func partitionListOr(t *schema.Table, none string) string {
	if t == nil {
		return none
	}
	var names []string
	for _, c := range t.PartitionKey {
		names = append(names, c.Name)
	}
	return strings.Join(names, ", ")
}

func clusteringListOrEmpty(t *schema.Table) string {
	if t == nil || len(t.ClusteringCs) == 0 {
		return ""
	}
	return clusteringList(t)
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
	return strconv.Itoa(n) + "th"
}

// filtering says which part of a SELECT makes Cassandra scan: the regular
// columns it restricts, or the partition key columns it leaves out.
type filtering struct {
	regular, missing []string
}

func filteringOf(c *explainCtx) (filtering, bool) {
	s, ok := c.stmt.(*cql.Select)
	if !ok || c.t == nil {
		return filtering{}, false
	}
	var f filtering
	restricted := map[string]bool{}
	for _, r := range s.Where {
		for _, col := range r.Columns {
			restricted[col.Name] = true
			if tc := c.t.Column(col.Name); tc != nil && !tc.IsPrimaryKey() {
				f.regular = append(f.regular, col.Name)
			}
		}
	}
	for _, col := range c.t.PartitionKey {
		if !restricted[col.Name] {
			f.missing = append(f.missing, col.Name)
		}
	}
	return f, true
}

func explainFilteringEN(c *explainCtx) (why, fix string) {
	f, ok := filteringOf(c)
	switch {
	case !ok:
		return "", ""
	case len(f.regular) > 0:
		return strings.Join(f.regular, ", ") + " is not part of the primary key: nothing in the layout is sorted or grouped by it, so finding matching rows means reading rows and throwing away those that do not match.",
			"Query by the partition key (and clustering columns), or create a table (or an index) keyed by " + f.regular[0] + ". ALLOW FILTERING runs it by reading everything the rest of the WHERE clause selects."
	case len(f.missing) > 0:
		return "The partition key (" + partitionListOr(c.t, "") + ") is not fully restricted by = or IN, so Cassandra cannot compute a token: it would have to visit every partition on every node and filter them.",
			"Give every partition key column (" + strings.Join(f.missing, ", ") + " missing) a value with = or IN, or model a table partitioned by what you query. ALLOW FILTERING scans the whole table."
	}
	return "The restrictions cannot be served by one slice of each partition, so rows would be read and then filtered.",
		"Restrict the partition key with = and the clustering columns as a prefix, or add ALLOW FILTERING if the scan is small."
}

func explainFilteringZH(c *explainCtx) (why, fix string) {
	f, ok := filteringOf(c)
	switch {
	case !ok:
		return "", ""
	case len(f.regular) > 0:
		return strings.Join(f.regular, "、") + " 不是主键的一部分：布局里没有任何部分按它排序或分组，所以要找到匹配的行，只能把行读出来，再丢掉不匹配的。",
			"按分区键（和聚簇列）查询，或者另建一张以 " + f.regular[0] + " 为键的表（或建一个索引）。ALLOW FILTERING 的做法是把 WHERE 其余部分选中的数据全部读一遍。"
	case len(f.missing) > 0:
		return "分区键（" + partitionListOr(c.t, "") + "）没有被 = 或 IN 完整地限制，所以 Cassandra 算不出令牌：它只能去每个节点的每个分区里逐一过滤。",
			"用 = 或 IN 给分区键的每一列一个值（缺少 " + strings.Join(f.missing, "、") + "），或者按你要查询的东西另建一张表来分区。ALLOW FILTERING 会扫描整张表。"
	}
	return "这些限制条件无法由每个分区的一段切片来满足，所以要先读出行再过滤。",
		"用 = 限制分区键，并把聚簇列作为前缀来限制；如果扫描的范围很小，也可以加上 ALLOW FILTERING。"
}
