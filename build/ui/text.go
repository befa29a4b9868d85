// Package ui holds the site's strings in each of its languages: Text, the
// page's and the playground's, and Reader, the reader's own features'. The
// build writes them into the pages, and gives the page's TypeScript the same
// tables as JSON, so a label is written once for the pre-rendered HTML and
// the live widget; build/contract generates their TypeScript interfaces (UI
// and ReaderUI in site/ts/contract.gen.ts) from the fields' JSON names.
package ui

// Text holds the page's and the playground's strings in one language; the
// fields with a JSON name reach the page's TypeScript (UI), the others only
// the templates.
type Text struct {
	Lang         string `json:"-"`
	LangName     string `json:"-"`
	SiteTitle    string `json:"-"`
	Tagline      string `json:"-"`
	Lessons      string `json:"-"`
	Minutes      string `json:"-"` // a lesson's reading time: {n} minutes
	NotFound     string `json:"-"`
	NotFoundText string `json:"-"`
	BackToIndex  string `json:"-"`
	Previous     string `json:"-"`
	Next         string `json:"-"`
	NoScript     string `json:"-"`
	Footer       string `json:"-"`
	Theme        string `json:"-"`
	ThemeSystem  string `json:"-"`
	ThemeLight   string `json:"-"`
	ThemeDark    string `json:"-"`
	Anchor       string `json:"-"` // the name of a heading's "#" link, read by screen readers
	// The playground (build/sitegen/play.go): its name in the header, its intro,
	// and the picker of starting schemas.
	Play      string `json:"-"`
	PlayIntro string `json:"-"`
	PlayStart string `json:"-"`
	PlayPick  string `json:"-"`
	// The index's first screen (build/sitegen/home.go): what cqlplay is, its live
	// example, and the ways into lesson 1 and the playground.
	HomeTitle   string `json:"-"`
	HomeLead    string `json:"-"`
	HomeTry     string `json:"-"`
	StartLesson string `json:"-"` // {title}: lesson 1's
	OpenPlay    string `json:"-"`

	Results   string `json:"results"`
	Simulates string `json:"simulates"`
	Rows      string `json:"rows"`
	Warnings  string `json:"warnings"`
	NoOutput  string `json:"noOutput"`
	Done      string `json:"done"`
	Plan      string `json:"plan"`
	// Kinds names a plan's kind ({kind} in Plan) in the page's language;
	// a kind it does not list is shown as the engine names it.
	Kinds      map[string]string `json:"kinds"`
	Filtering  string            `json:"filtering"`
	AllParts   string            `json:"allPartitions"`
	Reset      string            `json:"reset"`
	Modified   string            `json:"modified"`
	Older      string            `json:"older"`
	Share      string            `json:"share"`
	ShareCopy  string            `json:"shareCopied"`
	ShareURL   string            `json:"shareInURL"`
	Shared     string            `json:"shared"`
	Embed      string            `json:"embed"`
	EmbedCopy  string            `json:"embedCopied"`
	EmbedHelp  string            `json:"embedHelp"`
	Running    string            `json:"running"`
	Loading    string            `json:"loading"`
	Stopped    string            `json:"stopped"`
	EngineFail string            `json:"engineFailed"`
	Editor     string            `json:"editor"`
	EditorHelp string            `json:"editorHelp"`
	ReadOnly   string            `json:"readonly"`
	UndoReset  string            `json:"undoReset"`
	// Share at the edges: a script too long for a link, a page inside
	// another's iframe (whose address bar is the other page's), and files.
	ShareTooLong string `json:"shareTooLong"`
	ShareField   string `json:"shareInField"`
	Download     string `json:"download"`
	OpenFile     string `json:"openFile"`
	OpenFailed   string `json:"openFailed"`

	Storage     string `json:"storage"`
	CLI         string `json:"cli"`
	Sstabledump string `json:"sstabledump"`
	Ring        string `json:"ring"`
	RingLabel   string `json:"ringLabel"`  // the ring drawing's name
	RingNode    string `json:"ringNode"`   // "{node}", "{owns}": a node of the legend
	RingRanges  string `json:"ringRanges"` // "{n}": the disclosure of the vnode ranges
	Model       string `json:"model"`
	CLIVersion  string `json:"cliVersion"` // above the cassandra-cli view: which version's output it prints
	// A run's failures, whatever view is open (site/ts/failures.ts).
	FailLine     string `json:"failLine"`
	FailMore     string `json:"failMore"`
	AnnounceOK   string `json:"announceOK"`
	AnnounceFail string `json:"announceFail"`
	// The Sizes view (site/ts/sizes.ts).
	Sizes        string `json:"sizes"`
	SzNodes      string `json:"szNodes"`
	SzNode       string `json:"szNode"`
	SzPartition  string `json:"szPartition"`
	SzRows       string `json:"szRows"`
	SzValues     string `json:"szValues"`
	SzBytes      string `json:"szBytes"`
	SzRowsMax    string `json:"szRowsMax"`
	SzValuesMax  string `json:"szValuesMax"`
	SzBytesMax   string `json:"szBytesMax"`
	SzLegend     string `json:"szLegend"`
	ModelLabel   string `json:"modelLabel"`
	ModelLegend  string `json:"modelLegend"`  // the diagram of access patterns
	ModelLegendQ string `json:"modelLegendQ"` // the diagram of a script's SELECTs, which lists no access patterns
	ModelScroll  string `json:"modelScroll"`  // the name of the diagram's scrolling region
	// WideHint says, on a narrow screen, that a wide view scrolls sideways.
	WideHint string `json:"wideHint"`
	// The access patterns' checklist under the Model view (site/ts/patterns.ts).
	APTitle        string `json:"apTitle"`
	APScore        string `json:"apScore"`
	APRuns         string `json:"apRuns"`
	APNoFilter     string `json:"apNoFilter"`
	APOnePartition string `json:"apOnePartition"`
	APOrder        string `json:"apOrder"`
	APHint         string `json:"apHint"`
	// Model A against model B (build/sitegen/compare.go).
	VsTitle    string `json:"vsTitle"`
	VsQuery    string `json:"vsQuery"`
	VsCost     string `json:"vsCost"`
	NoTables   string `json:"noTables"`
	NoData     string `json:"noData"`
	Token      string `json:"token"`
	Replicas   string `json:"replicas"`   // "{nodes}": the nodes holding a partition
	ReplicaOne string `json:"replicaOne"` // the same, held by one node
	// Time travel (site/ts/travel.ts).
	TravelAt      string `json:"travelAt"`
	TravelFinal   string `json:"travelFinal"`
	TravelPrev    string `json:"travelPrev"`
	TravelNext    string `json:"travelNext"`
	TravelEnd     string `json:"travelEnd"`
	TravelChanges string `json:"travelChanges"`
	TravelNone    string `json:"travelNone"`
	TravelLabel   string `json:"travelLabel"`
	TravelMore    string `json:"travelMore"`
	TravelKinds   string `json:"travelKinds"`  // written|shadowed|tombstone, as the change list names them
	TravelFill    string `json:"travelFill"`   // "{line}": the state after a -- @fill, which has no statement number
	TravelFilled  string `json:"travelFilled"` // "{n}", "{table}": what a -- @fill wrote, counted
	TravelLegend  string `json:"travelLegend"` // written|shadowed|tombstone|read: what each mark of a state means
	TravelNot     string `json:"travelNot"`    // over a view that does not travel, while the others show an earlier state
	PartDeleted   string `json:"partDeleted"`
	RowDeleted    string `json:"rowDeleted"`
	RangeTomb     string `json:"rangeTomb"`
	Static        string `json:"static"`
	Marker        string `json:"marker"`
	PartitionKey  string `json:"partitionKey"`
	ClusteringKey string `json:"clusteringKey"`
	More          string `json:"more"`
	// Data in volume (site/ts/bounded.ts).
	Elided        string `json:"elided"`        // "{left}", "{rows}", "{size}": a summarised partition's gap
	OpenPartition string `json:"openPartition"` // "{n}": the rows the button lists
	Filled        string `json:"filled"`        // "{n}": the rows the script's -- @fill directives generated
	Why           string `json:"why"`
	WhyLabel      string `json:"whyLabel"`
	FixLabel      string `json:"fixLabel"`
	NoFailures    string `json:"noFailures"`

	Checks     string `json:"checks"`
	ExScore    string `json:"exScore"`
	ExAll      string `json:"exAll"`
	ExPass     string `json:"exPass"`
	ExWrong    string `json:"exWrong"`
	ExGot      string `json:"exGot"`
	ExWant     string `json:"exWant"`
	ExDataFail string `json:"exDataFail"`
	// ExScriptFail leads the Checks view when the reader's own script failed too.
	ExScriptFail string `json:"exScriptFail"`
	ExNotRun     string `json:"exNotRun"`
	ExData       string `json:"exData"`
	ExSolution   string `json:"exSolution"`
	// ExUse is the button that puts the solution in the editor (Ctrl+Z undoes it).
	ExUse string `json:"exUse"`
	// A bound's measure ({table}, {n}, {max}/{min}, {key}), held or broken.
	ExRowsOK   string `json:"exRowsOK"`
	ExRowsBad  string `json:"exRowsBad"`
	ExPartsOK  string `json:"exPartsOK"`
	ExPartsBad string `json:"exPartsBad"`
	// RowsStale says that a `-- rows: N` comment no longer holds after the
	// reader's edit (site/ts/marks.ts staleRows).
	RowsStale string `json:"rowsStale"`
}

var Strings = map[string]*Text{
	"en": {
		Lang: "en", LangName: "English",
		Footer:         "cqlplay teaches Cassandra data modeling: every example is a playground. Its engine simulates Apache Cassandra 4.1 in your browser, so nothing you type leaves the page, and the lessons you have visited work offline.",
		SiteTitle:      "cqlplay",
		Tagline:        "Learn Cassandra data modeling by seeing what Cassandra does with your data.",
		Anchor:         "Link to this section",
		Lessons:        "Lessons",
		Play:           "Playground",
		PlayIntro:      "A blank playground: write any CQL, or start from a schema below, and see its results, its storage and its cost as you type. Your script stays in this browser; Share and Embed give a link or an iframe.",
		PlayStart:      "Start from",
		PlayPick:       "a starting schema…",
		HomeTitle:      "See what Cassandra does with your data",
		HomeLead:       "Twenty short lessons on Cassandra data modeling in which every example is live: edit it and watch the results, the storage and Cassandra 4.1's exact errors change as you type.",
		HomeTry:        "Try it: change a city or a day, or add a row. One partition per city, its days sorted inside it.",
		StartLesson:    "Start lesson 1: {title}",
		OpenPlay:       "Open a blank playground",
		Minutes:        "{n} min read",
		NotFound:       "Page not found",
		NotFoundText:   "There is no page at this address.",
		BackToIndex:    "All lessons",
		Previous:       "Previous",
		Next:           "Next",
		NoScript:       "JavaScript is off: the results below were computed when the site was built. Turn JavaScript on to edit the examples.",
		Theme:          "Theme",
		ThemeSystem:    "System",
		ThemeLight:     "Light",
		ThemeDark:      "Dark",
		Results:        "Results",
		Simulates:      "Simulates Cassandra {v}",
		Rows:           "({n} rows)",
		Warnings:       "Warnings:",
		NoOutput:       "No statements to run.",
		Done:           "Every statement ran; none of them prints output.",
		Plan:           "{kind}: read {parts} {parts:partition|partitions}, {read} {read:row|rows}; returned {ret}",
		Filtering:      "filtering",
		AllParts:       "scanned every partition",
		Reset:          "Reset",
		Modified:       "modified",
		Older:          "Your saved edit is of an older version of this example.",
		Share:          "Share",
		ShareCopy:      "Link copied: it opens this example with your script.",
		ShareURL:       "The address bar holds the link: it opens this example with your script.",
		Shared:         "from a shared link",
		Embed:          "Embed",
		EmbedCopy:      "Embed snippet copied: paste it into your wiki.",
		EmbedHelp:      "HTML to embed this example, with your script, in a wiki page",
		Running:        "Running…",
		Loading:        "Loading the engine…",
		Stopped:        "Stopped: the script ran longer than {s} s. The engine was restarted.",
		EngineFail:     "The engine could not start: {e}",
		Editor:         "CQL editor",
		EditorHelp:     "Tab indents. Press Esc, then Tab, to leave the editor. Ctrl+Enter runs now.",
		ReadOnly:       "read-only",
		UndoReset:      "Undo reset",
		ShareTooLong:   "Too long for a link (over {kb} KB): download the script as a .cql file, and open it here with Open file.",
		ShareField:     "Copy the link from the field below: it opens this example with your script.",
		Download:       "Download .cql",
		OpenFile:       "Open file",
		OpenFailed:     "Could not open {f}: only a text file of up to {kb} KB opens.",
		Storage:        "Storage",
		CLI:            "cassandra-cli",
		Sstabledump:    "sstabledump",
		Ring:           "Ring",
		RingLabel:      "The token ring: each arc a vnode range, in the colour of the node that owns it; each dot a partition at its token",
		RingNode:       "node {node} · owns {owns}",
		RingRanges:     "The {n} vnode ranges, (start, end] → node",
		Model:          "Model",
		CLIVersion:     "As the cassandra-cli of Cassandra 1.2 printed list <table>: 2.0 and 2.1 wrote name= where 1.2 wrote column=.",
		FailLine:       "Line {line}: {msg}",
		FailMore:       "{n} failed ·",
		AnnounceOK:     "{n} {n:statement|statements} run, none failed.",
		AnnounceFail:   "{n} {n:statement|statements} run, {m} failed.",
		Sizes:          "Sizes",
		SzNodes:        "How the data spreads over the nodes",
		SzNode:         "node {node} · partitions {p} · rows {r} · {b}",
		SzPartition:    "partition, largest first",
		SzRows:         "rows",
		SzValues:       "values (Nv)",
		SzBytes:        "size",
		SzRowsMax:      "against the guidance of 100,000 rows a partition",
		SzValuesMax:    "against the limit of 2 billion values a partition",
		SzBytesMax:     "against the guidance of 100 MB a partition",
		SzLegend:       "Bars are on a log scale against the guidance for one partition: 100,000 rows, 2 billion values (Nv = Nr (Nc - Npk - Ns) + Ns: rows times the columns outside the primary key and the static ones, plus the static ones), 100 MB; amber near it, red past it. A node in red holds half again the mean of the nodes: a hot spot. Sizes estimate the serialized data, not the disk.",
		ModelLabel:     "The tables of the script as a Chebotko diagram, with its access patterns (or, when it lists none, its SELECTs) as arrows to the table each reads",
		VsTitle:        "Model A against model B: what each access pattern costs",
		VsQuery:        "access pattern",
		VsCost:         "partitions {p} · rows read {r} · returned {n}",
		APTitle:        "Access patterns",
		APScore:        "{n} of {m} answered from one partition, without filtering, in the order asked",
		APRuns:         "runs",
		APNoFilter:     "no ALLOW FILTERING",
		APOnePartition: "one partition",
		APOrder:        "in its ORDER BY",
		APHint:         "List your application's queries in a comment block that starts with the line \"-- access patterns\", one \"-- name: SELECT ...\" a line: each is checked here against your tables.",
		ModelLegend:    "K partition key · C↑ C↓ clustering column, ascending or descending · S static column · each access pattern, in the application's order, points to the table that answers it; one that fails is red, with Cassandra's message",
		ModelLegendQ:   "K partition key · C↑ C↓ clustering column, ascending or descending · S static column · each SELECT of the script points to the table it reads; one that fails is red, with Cassandra's message",
		ModelScroll:    "Chebotko diagram",
		WideHint:       "Scroll sideways to see all of it →",
		NoTables:       "No tables yet.",
		NoData:         "No data stored.",
		Token:          "token",
		Replicas:       "replicas: nodes {nodes}",
		ReplicaOne:     "replica: node {nodes}",
		TravelAt:       "Storage after statement {n} of {total} (line {line}, highlighted in the editor)",
		TravelFinal:    "Storage after all {total} statements",
		TravelPrev:     "◀ Earlier",
		TravelNext:     "Later ▶",
		TravelEnd:      "Final state",
		TravelChanges:  "This statement: {w} written · {s} shadowed · {t} {t:tombstone|tombstones} laid",
		TravelNone:     "This statement changed nothing stored.",
		TravelLabel:    "Step through the script",
		TravelMore:     "and {n} more",
		TravelKinds:    "written|shadowed|tombstone laid",
		TravelFill:     "Storage after the -- @fill on line {line} (highlighted in the editor)",
		TravelFilled:   "This -- @fill: {n} rows generated into {table}, not marked one by one.",
		TravelLegend:   "written|shadowed|tombstone|read",
		TravelNot:      "This view shows the whole script; only Storage, cassandra-cli, sstabledump and Ring step back to the statement highlighted in the editor.",
		PartDeleted:    "partition deleted",
		RowDeleted:     "row deleted",
		RangeTomb:      "range tombstone",
		Static:         "static",
		Marker:         "row marker",
		PartitionKey:   "partition key",
		ClusteringKey:  "clustering",
		More:           "… and {n} more {n:partition|partitions}.",
		Elided:         "… {left} of {rows} rows not shown · partition {size}",
		OpenPartition:  "Show {n} more rows",
		Filled:         "{n} rows generated by -- @fill: a large partition shows its first and last rows.",
		Why:            "Why",
		WhyLabel:       "Why:",
		FixLabel:       "Try:",
		NoFailures:     "Every statement succeeded.",
		Checks:         "Checks",
		ExScore:        "{n} of {m} checks pass.",
		ExAll:          "All {m} checks pass: your tables answer every query and hold the data as a right model does.",
		ExPass:         "Works: it returns the expected rows.",
		ExWrong:        "Runs, but returns other rows than on the solution's tables.",
		ExGot:          "Your tables return",
		ExWant:         "Expected",
		ExDataFail:     "The checks' data could not be written into your tables:",
		ExScriptFail:   "Your script fails first: fix this, then the checks can run.",
		ExNotRun:       "Not run: the data could not be written.",
		ExData:         "The data the checks write",
		ExSolution:     "Show a solution",
		ExUse:          "Put this solution in the editor (Ctrl+Z undoes it)",
		ExRowsOK:       "Every partition of {table} holds at most {max} rows: the largest holds {n}.",
		ExRowsBad:      "A partition of {table} ({key}) holds {n} rows, more than the {max} a right model keeps it under.",
		ExPartsOK:      "The rows of {table} spread over {n} partitions (at least {min}).",
		ExPartsBad:     "The rows of {table} sit in only {n} partitions: a right model spreads them over at least {min}.",
		RowsStale:      "-- rows: {want} no longer holds: this query now returns {got} rows. The comment is the lesson's, true of its script; your edit changed the result.",
	},
	"zh": {
		Lang: "zh", LangName: "中文",
		Footer:       "cqlplay 教 Cassandra 数据建模：每个示例都是一个可以编辑运行的游乐场。它的引擎在你的浏览器里模拟 Apache Cassandra 4.1，你输入的内容不会离开页面；访问过的课程离线也能阅读。",
		SiteTitle:    "cqlplay",
		Tagline:      "看 Cassandra 如何存放你的数据，学会 Cassandra 数据建模。",
		Anchor:       "本节链接",
		Lessons:      "课程",
		Play:         "游乐场",
		PlayIntro:    "一个空白的游乐场：写任意 CQL，或从下面的模式开始，边输入边看结果、存储方式和代价。脚本只留在这个浏览器里；“分享”和“嵌入”给出链接或 iframe。",
		PlayStart:    "起始模式",
		PlayPick:     "选一个…",
		HomeTitle:    "看看 Cassandra 怎样存放你的数据",
		HomeLead:     "二十节简短的 Cassandra 数据建模课，每个示例都是活的：编辑它，结果、存储方式和 Cassandra 4.1 的原样错误随输入而变。",
		HomeTry:      "试一试：改一个城市或日期，或者加一行。每个城市一个分区，分区内的日期按顺序排好。",
		StartLesson:  "从第 1 课开始：{title}",
		OpenPlay:     "打开空白游乐场",
		Minutes:      "阅读约 {n} 分钟",
		NotFound:     "找不到页面",
		NotFoundText: "这个地址没有页面。",
		BackToIndex:  "全部课程",
		Previous:     "上一课",
		Next:         "下一课",
		NoScript:     "JavaScript 已关闭：下面的结果是构建网站时算好的。打开 JavaScript 即可编辑示例。",
		Theme:        "主题",
		ThemeSystem:  "跟随系统",
		ThemeLight:   "浅色",
		ThemeDark:    "深色",
		Results:      "结果",
		Simulates:    "模拟 Cassandra {v}",
		Rows:         "({n} rows)",
		Warnings:     "Warnings:",
		NoOutput:     "没有可运行的语句。",
		Done:         "所有语句都已执行，没有需要显示的输出。",
		Plan:         "{kind}：读了 {parts} 个分区、{read} 行；返回 {ret} 行",
		Kinds: map[string]string{"single-partition": "单分区读取", "multi-partition": "多分区读取",
			"range-scan": "范围扫描", "index": "索引查询", "write": "写入"},
		Filtering:      "过滤",
		AllParts:       "扫描了所有分区",
		Reset:          "重置",
		Modified:       "已修改",
		Older:          "你保存的修改基于这个示例的旧版本。",
		Share:          "分享",
		ShareCopy:      "链接已复制：打开它就能看到带着你的脚本的这个示例。",
		ShareURL:       "地址栏里就是链接：打开它就能看到带着你的脚本的这个示例。",
		Shared:         "来自分享链接",
		Embed:          "嵌入",
		EmbedCopy:      "嵌入代码已复制：粘贴到你的 wiki 页面即可。",
		EmbedHelp:      "把这个示例（带着你的脚本）嵌入 wiki 页面的 HTML",
		Running:        "运行中…",
		Loading:        "正在加载引擎…",
		Stopped:        "已停止：脚本运行超过 {s} 秒，引擎已重启。",
		EngineFail:     "引擎无法启动：{e}",
		Editor:         "CQL 编辑器",
		EditorHelp:     "Tab 缩进。先按 Esc 再按 Tab 可离开编辑器。Ctrl+Enter 立即运行。",
		ReadOnly:       "只读",
		UndoReset:      "撤销重置",
		ShareTooLong:   "脚本太长，放不进链接（超过 {kb} KB）：请下载为 .cql 文件，再在这里用“打开文件”打开。",
		ShareField:     "请从下面的输入框复制链接：打开它就能看到带着你的脚本的这个示例。",
		Download:       "下载 .cql",
		OpenFile:       "打开文件",
		OpenFailed:     "无法打开 {f}：只能打开不超过 {kb} KB 的文本文件。",
		Storage:        "存储",
		CLI:            "cassandra-cli",
		Sstabledump:    "sstabledump",
		Ring:           "环",
		RingLabel:      "token 环：每段弧是一个 vnode 范围，颜色表示拥有它的节点；每个点是一个分区，位于它的 token 处",
		RingNode:       "节点 {node} · 占 {owns}",
		RingRanges:     "全部 {n} 个 vnode 范围（start, end] → 节点",
		Model:          "模型图",
		CLIVersion:     "按 Cassandra 1.2 的 cassandra-cli 执行 list 的输出；2.0 和 2.1 把 1.2 的 column= 写成 name=。",
		FailLine:       "第 {line} 行：{msg}",
		FailMore:       "{n} 处失败 ·",
		AnnounceOK:     "运行了 {n} 条语句，全部成功。",
		AnnounceFail:   "运行了 {n} 条语句，{m} 条失败。",
		Sizes:          "分区大小",
		SzNodes:        "数据在各节点上的分布",
		SzNode:         "节点 {node} · 分区 {p} · 行 {r} · {b}",
		SzPartition:    "分区（从大到小）",
		SzRows:         "行数",
		SzValues:       "值数 (Nv)",
		SzBytes:        "大小",
		SzRowsMax:      "对照每个分区 10 万行的建议上限",
		SzValuesMax:    "对照每个分区 20 亿个值的上限",
		SzBytesMax:     "对照每个分区 100 MB 的建议上限",
		SzLegend:       "条形图按对数刻度对照单个分区的建议上限：10 万行、20 亿个值（Nv = Nr (Nc - Npk - Ns) + Ns：行数乘以主键和静态列之外的列数，再加上静态列数）、100 MB；接近时为琥珀色，超过时为红色。红色的节点存储的数据超过各节点平均值的 1.5 倍：这就是热点。大小是对序列化数据的估计，而不是磁盘占用。",
		ModelLabel:     "脚本中的表（Chebotko 图）：访问模式（没有列出时是脚本里的 SELECT）以箭头指向它读取的表",
		VsTitle:        "模型 A 对比模型 B：每个访问模式的代价",
		VsQuery:        "访问模式",
		VsCost:         "分区 {p} · 读 {r} 行 · 返回 {n} 行",
		APTitle:        "访问模式",
		APScore:        "{m} 个查询中有 {n} 个：单个分区即可回答，无需过滤，顺序符合要求",
		APRuns:         "可运行",
		APNoFilter:     "无需 ALLOW FILTERING",
		APOnePartition: "单个分区",
		APOrder:        "符合 ORDER BY",
		APHint:         "在脚本里写一个以 \"-- 访问模式\"（或 \"-- access patterns\"）开头的注释块，每行一条 \"-- 名称: SELECT ...\"，列出应用的查询：这里会对照你的表逐条检查。",
		ModelLegend:    "K 分区键 · C↑ C↓ 聚簇列（升序或降序）· S 静态列 · 每个访问模式按应用中的顺序排列，箭头指向回答它的表；失败的为红色，并附 Cassandra 的错误信息",
		ModelLegendQ:   "K 分区键 · C↑ C↓ 聚簇列（升序或降序）· S 静态列 · 脚本里的每条 SELECT 指向它读取的表；失败的为红色，并附 Cassandra 的错误信息",
		ModelScroll:    "Chebotko 图",
		WideHint:       "左右滑动可看到全部 →",
		NoTables:       "还没有表。",
		NoData:         "没有存储数据。",
		Token:          "token",
		Replicas:       "副本：节点 {nodes}",
		ReplicaOne:     "副本：节点 {nodes}",
		TravelAt:       "第 {n}/{total} 条语句（第 {line} 行，编辑器中高亮）执行后的存储",
		TravelFinal:    "全部 {total} 条语句执行后的存储",
		TravelPrev:     "◀ 上一条",
		TravelNext:     "下一条 ▶",
		TravelEnd:      "最终状态",
		TravelChanges:  "这条语句：写入 {w} · 遮蔽 {s} · 新墓碑 {t}",
		TravelNone:     "这条语句没有改动存储的数据。",
		TravelLabel:    "逐条查看脚本",
		TravelMore:     "还有 {n} 项",
		TravelKinds:    "写入|遮蔽|新墓碑",
		TravelFill:     "第 {line} 行的 -- @fill（编辑器中高亮）执行后的存储",
		TravelFilled:   "这条 -- @fill：向 {table} 生成了 {n} 行，不逐行标出。",
		TravelLegend:   "写入|被遮蔽|墓碑|读取",
		TravelNot:      "这个视图显示整个脚本的结果；只有存储、cassandra-cli、sstabledump 和环会回到编辑器中高亮的那条语句。",
		PartDeleted:    "分区已删除",
		RowDeleted:     "行已删除",
		RangeTomb:      "范围墓碑",
		Static:         "static",
		Marker:         "行标记",
		PartitionKey:   "分区键",
		ClusteringKey:  "聚簇列",
		More:           "……还有 {n} 个分区。",
		Elided:         "…… 本分区共 {rows} 行，此处省略 {left} 行 · 分区大小 {size}",
		OpenPartition:  "再显示 {n} 行",
		Filled:         "-- @fill 生成了 {n} 行：较大的分区只列出开头和结尾的几行。",
		Why:            "原因",
		WhyLabel:       "原因：",
		FixLabel:       "试试：",
		NoFailures:     "所有语句都成功了。",
		Checks:         "检查",
		ExScore:        "{m} 项检查中通过了 {n} 项。",
		ExAll:          "全部 {m} 项检查都通过了：你的表能回答每一个查询，存放数据的方式也符合正确的模型。",
		ExPass:         "可行：返回了预期的行。",
		ExWrong:        "能运行，但返回的行与参考答案的表不同。",
		ExGot:          "你的表返回",
		ExWant:         "预期",
		ExDataFail:     "检查用的数据无法写入你的表：",
		ExScriptFail:   "你的脚本先出错了：改正这里，检查才能运行。",
		ExNotRun:       "未运行：数据无法写入。",
		ExData:         "检查写入的数据",
		ExSolution:     "查看参考答案",
		ExUse:          "把参考答案放进编辑器（Ctrl+Z 可撤销）",
		ExRowsOK:       "{table} 的每个分区最多 {max} 行：最大的一个有 {n} 行。",
		ExRowsBad:      "{table} 的一个分区（{key}）有 {n} 行，超过了正确模型的上限 {max} 行。",
		ExPartsOK:      "{table} 的行分布在 {n} 个分区里（至少 {min} 个）。",
		ExPartsBad:     "{table} 的行只落在 {n} 个分区里：正确的模型会把它们分散到至少 {min} 个分区。",
		RowsStale:      "-- rows: {want} 不再成立：这条查询现在返回 {got} 行。这个注释是课程写的，对课程原来的脚本成立；你的修改改变了结果。",
	},
}
