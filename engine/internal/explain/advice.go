package explain

import (
	"strings"

	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/query"
)

// The playground's modeling advice: warnings that are cqlplay's teaching,
// not Cassandra's. The executor gives each as a query.Advice, its rule and
// its values; its text here, in each of Languages, starts with
// AdvicePrefix in every language, so the reader (and a lesson's prose)
// tells it from Cassandra's own warnings.

// AdvicePrefix starts every piece of advice, in every language.
const AdvicePrefix = "cqlplay advice: "

// adviceTexts are each rule's text in English and Chinese, {0}, {1}, ...
// standing for its arguments: a list, not a map, which the WebAssembly
// module would build at start with code of its own.
var adviceTexts = [...]struct {
	rule cqlerr.Rule
	text [2]string
}{
	{query.AdviceTimestampKey, [2]string{
		`"{0}" (timestamp) is the only clustering column of {1}: two events in the same millisecond get the same key and the second silently overwrites the first (every write is an upsert). Use a timeuuid, or add a column that makes the key unique.`,
		`"{0}"（timestamp）是 {1} 唯一的聚簇列：同一毫秒里的两个事件得到同一个键，后一个会悄无声息地覆盖前一个（每次写入都是 upsert）。改用 timeuuid，或者再加一列让键唯一。`,
	}},
	{query.AdviceCounterID, [2]string{
		`the counter "{0}" of {1} looks like an id generator. A counter is not a sequence: two clients that increment it and read it back can both get the same value (and a retried increment counts twice), so a key made from it can overwrite another row. Give new rows a uuid or timeuuid instead.`,
		`{1} 的计数器 "{0}" 看起来是用来生成 id 的。计数器不是序列：两个客户端各自加一再读回来，可能拿到同一个值（重试的加一还会算两次），用它做键就可能覆盖别的行。新行改用 uuid 或 timeuuid。`,
	}},
	{query.AdviceManyRows, [2]string{
		`partition {0} of {1} now holds {2} rows; past about 100,000 rows (or 100 MB) a partition gets slow to read, repair and compact. Add a bucket (a day, a shard number) to the partition key.`,
		`{1} 的分区 {0} 现在有 {2} 行；超过大约 100,000 行（或 100 MB）后，分区的读取、修复和压缩都会变慢。在分区键里加一个桶（一天、一个分片号）。`,
	}},
	{query.AdviceManyBytes, [2]string{
		`partition {0} of {1} is estimated at {2} MB, past the 100 MB guidance. Split it with a bucket in the partition key.`,
		`{1} 的分区 {0} 估计有 {2} MB，超过了 100 MB 的建议上限。在分区键里加一个桶把它拆开。`,
	}},
	{query.AdviceLongKey, [2]string{
		`a partition key of {0} bytes is close to Cassandra's 65535-byte limit; keys are stored with every partition index entry, so keep them short.`,
		`一个 {0} 字节的分区键已接近 Cassandra 65535 字节的上限；每个分区索引条目都会存一份键，所以键要短。`,
	}},
	{query.AdviceFewPartitions, [2]string{
		`{0} holds {1} rows in only {2} partition(s): a partition key with so few values puts all the data on the same replicas (a hot spot). Choose a partition key with many distinct values.`,
		`{0} 的 {1} 行只分布在 {2} 个分区里：取值这么少的分区键会把所有数据放在同一组副本上（热点）。选一个有很多不同取值的分区键。`,
	}},
	{query.AdviceUniqueIndex, [2]string{
		`the index on {0} covers {1} rows with {2} distinct values: a lookup by a nearly unique value still asks every node. Prefer a table partitioned by {0}.`,
		`{0} 上的索引覆盖 {1} 行，有 {2} 个不同的值：按一个几乎唯一的值查找，仍然要问遍每个节点。更好的做法是建一张按 {0} 分区的表。`,
	}},
	{query.AdviceViewsEnabled, [2]string{
		`this simulated cluster runs with materialized_views_enabled: true; a stock Cassandra 4.x refuses CREATE MATERIALIZED VIEW with "Materialized views are disabled. Enable in cassandra.yaml to use."`,
		`这个模拟集群开启了 materialized_views_enabled: true；默认配置的 Cassandra 4.x 会拒绝 CREATE MATERIALIZED VIEW，报 "Materialized views are disabled. Enable in cassandra.yaml to use."`,
	}},
}

// Advice returns a's text in lang (one of Languages; any other gives
// English), AdvicePrefix first, with a's values in place of {0}, {1}, ...
func Advice(a query.Advice, lang string) string {
	var texts [2]string
	for _, e := range adviceTexts {
		if e.rule == a.Rule {
			texts = e.text
		}
	}
	t := texts[0]
	if lang == "zh" {
		t = texts[1]
	}
	s := AdvicePrefix
	for {
		i := strings.IndexByte(t, '{')
		if i < 0 {
			return s + t
		}
		s += t[:i] + a.Args[t[i+1]-'0']
		t = t[i+3:]
	}
}
