package ui

// Reader holds the strings of the reader's own features (progress, export
// and import, search) in one language: apart from Text, they reach the page
// as JSON in <body data-reader>.
type Reader struct {
	// Search, in the header.
	Search       string `json:"search"`       // the box's label
	SearchHint   string `json:"searchHint"`   // its placeholder
	SearchNone   string `json:"searchNone"`   // no result: {q}
	SearchCount  string `json:"searchCount"`  // {n} results
	SearchMore   string `json:"searchMore"`   // when not all are shown: {shown}
	SearchFailed string `json:"searchFailed"` // the index did not load
	SearchIntro  string `json:"searchIntro"`  // the lesson's opening section, for a result without heading

	// Progress: the rule, the marks and the lesson's line.
	Progress     string `json:"-"`            // the index's section heading
	ReadRule     string `json:"-"`            // when a lesson counts as read
	Read         string `json:"read"`         // a lesson's mark
	Done         string `json:"done"`         // read, and every exercise solved
	ExCount      string `json:"exCount"`      // {n} of {m} exercises solved
	Summary      string `json:"summary"`      // the index's totals: {read} {total} {solved} {exercises}
	LessonRead   string `json:"lessonRead"`   // on a read lesson
	LessonUnread string `json:"lessonUnread"` // on a lesson not read yet
	LessonLine   string `json:"lessonLine"`   // a lesson with exercises: {state} (LessonRead or LessonUnread) and {count} (ExCount)
	Solved       string `json:"solved"`       // beside a solved exercise
	Exercises    string `json:"-"`            // a lesson's exercises on the index: {n}
	Exercise1    string `json:"-"`            // the same, for one
	Continue     string `json:"continue"`     // before the last lesson and heading visited

	// Export and import.
	Export      string `json:"-"`
	Import      string `json:"-"`
	IOHelp      string `json:"-"`
	Imported    string `json:"imported"`    // {read} {solved} {edits}
	BadFile     string `json:"badFile"`     // {why}
	NotJSON     string `json:"notJSON"`     // why: not JSON
	NotProgress string `json:"notProgress"` // why: JSON, but not our format
	NewerFile   string `json:"newerFile"`   // why: a later version of the format
	BadEntry    string `json:"badEntry"`    // why: an entry of the wrong shape: {what}
	TooBig      string `json:"tooBig"`      // why: over the size limit
	StoreFailed string `json:"storeFailed"` // storage refused the import
}

var ReaderStrings = map[string]*Reader{
	"en": {
		Search:       "Search the lessons",
		SearchHint:   "Search",
		SearchNone:   "No section of the lessons mentions “{q}”.",
		SearchCount:  "{n} sections found",
		SearchMore:   "; the first {shown} shown: add a word to narrow them down",
		SearchFailed: "The search index could not be loaded.",
		SearchIntro:  "Introduction",

		Progress:     "Your progress",
		ReadRule:     "A lesson counts as read once you have scrolled to its end; an exercise counts as solved once all its checks pass. Progress stays in this browser; export it to move it to another.",
		Read:         "Read",
		Done:         "Done",
		ExCount:      "{n}/{m} exercises solved",
		Summary:      "{read} of {total} lessons read, {solved} of {exercises} exercises solved.",
		LessonRead:   "You have read this lesson.",
		LessonUnread: "This lesson counts as read once you reach its end.",
		LessonLine:   "{state} {count}.",
		Solved:       "Solved",
		Exercises:    "{n} exercises",
		Exercise1:    "1 exercise",
		Continue:     "Continue where you left off:",

		Export:      "Export progress and edits",
		Import:      "Import a progress file",
		IOHelp:      "One JSON file holds your progress and your edits of the examples.",
		Imported:    "Imported {read} lessons read, {solved} exercises solved and {edits} edits.",
		BadFile:     "This file was not imported: {why}",
		NotJSON:     "it is not JSON.",
		NotProgress: "it is not a cqlplay progress file.",
		NewerFile:   "it was written by a newer version of cqlplay.",
		BadEntry:    "{what} is malformed.",
		TooBig:      "it is larger than 5 MB.",
		StoreFailed: "This browser's storage refused it (full, or not allowed here).",
	},
	"zh": {
		Search:       "搜索课程",
		SearchHint:   "搜索",
		SearchNone:   "没有哪一节提到“{q}”。",
		SearchCount:  "找到 {n} 节",
		SearchMore:   "；只列出前 {shown} 节：再加一个词缩小范围",
		SearchFailed: "搜索索引没能加载。",
		SearchIntro:  "开篇",

		Progress:     "学习进度",
		ReadRule:     "滚动到课程末尾即算读完；一道练习的检查全部通过即算完成。进度只存在这个浏览器里，导出后可以带到别的浏览器。",
		Read:         "已读",
		Done:         "已完成",
		ExCount:      "练习完成 {n}/{m}",
		Summary:      "已读 {read}/{total} 课，练习完成 {solved}/{exercises} 道。",
		LessonRead:   "这一课你已经读完。",
		LessonUnread: "读到这一课的末尾即算读完。",
		LessonLine:   "{state}{count}。",
		Solved:       "已完成",
		Exercises:    "练习 {n} 道",
		Exercise1:    "练习 1 道",
		Continue:     "从上次离开的地方继续：",

		Export:      "导出进度和修改",
		Import:      "导入进度文件",
		IOHelp:      "一个 JSON 文件，包含你的进度和你对示例的修改。",
		Imported:    "已导入：已读 {read} 课，完成练习 {solved} 道，修改 {edits} 处。",
		BadFile:     "没有导入这个文件：{why}",
		NotJSON:     "它不是 JSON。",
		NotProgress: "它不是 cqlplay 的进度文件。",
		NewerFile:   "它由更新版本的 cqlplay 写出。",
		BadEntry:    "{what} 的格式不对。",
		TooBig:      "它超过 5 MB。",
		StoreFailed: "浏览器的存储拒绝了它（已满，或此处不允许）。",
	},
}
