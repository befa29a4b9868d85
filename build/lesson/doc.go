// Package lesson reads cqlplay's lessons (content/<lang>/NN-slug.md) and runs
// their CQL examples through the engine.
//
// It owns the lesson format shared by the content writers and the build: the
// front matter (title, order, summary), the options of a ```cql fence
// (readonly, version=, view=, id=, after=, setup) and the expectations written
// as CQL comments after a statement (`-- fails: <message part>`,
// `-- rows: N`). Every problem it reports names the file and the line, because
// the reader of the message is a writer fixing a lesson.
//
// It is not the renderer: build/ turns the same Lesson into HTML. Both read
// the fences through this package, so the page, the pre-rendered results and
// `go test ./build/...` can never disagree on what an example is.
package lesson
