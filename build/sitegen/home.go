package sitegen

import (
	"errors"
	"strings"

	"github.com/cqlplay/cqlplay/build/lesson"
)

// The index's first screen shows what cqlplay is before it lists lessons: a
// small live example (site/home/<lang>.md), which a first visitor can edit and
// watch the storage redraw, beside the way into lesson 1 and the playground.

// homeKey is the live example's key for its saved edit: one for every
// language, as the playground's ("play") is.
const homeKey = "home"

// loadHome reads site/home/<lang>.md, whose one cql fence with id=home is the
// index's live example. The page is also an ordinary page of examples
// (`cqlplay check site/home/en.md`).
func loadHome(root, lang string) (*lesson.Lesson, *lesson.Example, error) {
	l, _, err := readSitePage(root, "home", lang)
	if err != nil {
		return nil, nil, err
	}
	path := l.Path
	if len(l.Examples) != 1 || l.Examples[0].ID != homeKey || l.Examples[0].Exercise != nil || len(l.Examples[0].Prelude) > 0 {
		return nil, nil, errors.New(path + ": the index's example is one plain cql fence with id=" + homeKey)
	}
	return l, l.Examples[0], nil
}

// homeWidget draws the index's live example of lang, with the engine's
// results, as a playground whose edit is saved under homeKey.
func (w *writer) homeWidget(root, lang string) (string, error) {
	l, ex, err := loadHome(root, lang)
	if err != nil {
		return "", err
	}
	results := l.RunAll()
	for _, r := range results {
		if len(r.Problems) > 0 {
			return "", errors.New(l.Path + ": " + strings.Join(r.Problems, "; "))
		}
	}
	drawn, err := w.drawWidgets(uiText_(lang), l, results)
	if err != nil {
		return "", err
	}
	return strings.Replace(drawn[ex], `<figure class="pg"`, `<figure class="pg" data-key="`+homeKey+`"`, 1), nil
}
