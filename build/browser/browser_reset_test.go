package browser

import "testing"

// Undo reset restores the whole text from before the Reset, even after the
// reader typed before resetting, and is withdrawn once the reader types
// after the Reset.
func TestBrowserUndoReset(t *testing.T) {
	ctx := newTab(t)
	freshLesson(t, ctx, usersLesson)
	original := eval[string](t, ctx, `document.querySelector("#ex-0 textarea").value`)
	click := func(sel string) {
		t.Helper()
		eval[bool](t, ctx, `document.querySelector("`+sel+`").click(), true`)
	}
	// Several edits, then Reset and Undo reset: all of them come back.
	appendText(t, ctx, "#ex-0", "\n-- one")
	appendText(t, ctx, "#ex-0", "\n-- two")
	edited := eval[string](t, ctx, `document.querySelector("#ex-0 textarea").value`)
	click("#ex-0 .pg-reset")
	if got := eval[string](t, ctx, `document.querySelector("#ex-0 textarea").value`); got != original {
		t.Fatalf("after Reset the editor holds %q", got)
	}
	if eval[bool](t, ctx, `document.querySelector("#ex-0 .pg-undo").hidden`) {
		t.Fatal("Undo reset is not offered after Reset")
	}
	click("#ex-0 .pg-undo")
	if got := eval[string](t, ctx, `document.querySelector("#ex-0 textarea").value`); got != edited {
		t.Errorf("Undo reset gives %q, want the whole edit %q", got, edited)
	}
	if !eval[bool](t, ctx, `document.querySelector("#ex-0 .pg-undo").hidden`) {
		t.Error("Undo reset is still offered after use")
	}
	// Reset, then type: the offer is withdrawn.
	click("#ex-0 .pg-reset")
	appendText(t, ctx, "#ex-0", "\n-- three")
	if !eval[bool](t, ctx, `document.querySelector("#ex-0 .pg-undo").hidden`) {
		t.Error("Undo reset is still offered after typing past the Reset")
	}
	clearStorage(t, ctx)
}
